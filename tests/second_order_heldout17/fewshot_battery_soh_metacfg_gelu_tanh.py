"""MAML for few-shot battery state-of-health regression: each cell is a task. The inner-loop
differentiation order comes from the meta config."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class MetaCfg:
    inner_lr: float = 0.05
    inner_steps: int = 2
    second_order: bool = False
    tasks_per_batch: int = 3


class SOHNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 32), nn.GELU(approximate="tanh"), nn.Linear(32, 1))

    def forward(self, x, params=None):
        if params is None:
            return self.body(x)
        return torch.func.functional_call(self.body, params, (x,))


def adapt(net, cfg, xs, ys):
    params = {k: v for k, v in net.body.named_parameters()}
    for _ in range(cfg.inner_steps):
        loss = F.mse_loss(net(xs, params), ys)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=cfg.second_order)
        params = {k: v - cfg.inner_lr * g for (k, v), g in zip(params.items(), grads)}
    return params


def meta_train(cfg, iters=2):
    net = SOHNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(iters):
        opt.zero_grad()
        total = 0.0
        for _ in range(cfg.tasks_per_batch):
            xs, ys = torch.randn(5, 6), torch.rand(5, 1)
            xq, yq = torch.randn(10, 6), torch.rand(10, 1)
            fast = adapt(net, cfg, xs, ys)
            total = total + F.mse_loss(net(xq, fast), yq)
        total.backward()
        opt.step()
        print(it, total.item())


if __name__ == "__main__":
    meta_train(MetaCfg(second_order=True, inner_steps=1))
