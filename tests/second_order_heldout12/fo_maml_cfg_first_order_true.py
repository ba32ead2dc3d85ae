"""MAML for few-shot plant-leaf texture classification; the config selects first-order MAML."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Config:
    n_way: int = 3
    inner_lr: float = 0.1
    inner_steps: int = 2
    first_order: bool = False


class LeafNet(nn.Module):
    def __init__(self, n_way):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.act = nn.Hardswish()
        self.pool = nn.AvgPool2d(2)
        self.fc = nn.Linear(8 * 4 * 4, n_way)

    def forward(self, x, params=None):
        if params is None:
            params = dict(self.named_parameters())
        x = F.conv2d(x, params["conv.weight"], params["conv.bias"], padding=1)
        x = self.pool(self.act(x))
        return F.linear(x.flatten(1), params["fc.weight"], params["fc.bias"])


class MAML:
    def __init__(self, net, cfg):
        self.net, self.cfg = net, cfg
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def inner(self, xs, ys):
        params = dict(self.net.named_parameters())
        for _ in range(self.cfg.inner_steps):
            loss = F.cross_entropy(self.net(xs, params), ys)
            grads = torch.autograd.grad(loss, list(params.values()), create_graph=not self.cfg.first_order)
            params = {k: v - self.cfg.inner_lr * g for (k, v), g in zip(params.items(), grads)}
        return params

    def outer(self, tasks):
        self.opt.zero_grad()
        loss = sum(F.cross_entropy(self.net(xq, self.inner(xs, ys)), yq) for xs, ys, xq, yq in tasks)
        loss.backward()
        self.opt.step()
        return loss.item()


cfg = Config(first_order=True)
maml = MAML(LeafNet(cfg.n_way), cfg)
for it in range(2):
    tasks = [(torch.randn(6, 3, 8, 8), torch.arange(3).repeat(2), torch.randn(6, 3, 8, 8),
              torch.arange(3).repeat(2)) for _ in range(2)]
    print(it, maml.outer(tasks))
