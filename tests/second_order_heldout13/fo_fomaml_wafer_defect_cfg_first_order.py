"""Few-shot wafer-map defect classification with MAML. The experiment config turns on the first-order
approximation (FOMAML), so the inner-loop gradients are taken without a graph."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class MAMLConfig:
    n_way: int = 5
    k_shot: int = 1
    inner_steps: int = 3
    inner_lr: float = 0.4
    meta_lr: float = 1e-3
    first_order: bool = False


class WaferConvNet(nn.Module):
    def __init__(self, n_way=5, c=16):
        super().__init__()
        self.b1 = nn.Sequential(nn.Conv2d(1, c, 3, padding=1), nn.GroupNorm(4, c), nn.ELU(), nn.MaxPool2d(2))
        self.b2 = nn.Sequential(nn.Conv2d(c, c, 3, padding=1), nn.GroupNorm(4, c), nn.ELU(), nn.AvgPool2d(2))
        self.head = nn.Linear(c * 4 * 4, n_way)

    def forward(self, x):
        return self.head(self.b2(self.b1(x)).flatten(1))


class MAMLLearner:
    def __init__(self, model, cfg: MAMLConfig):
        self.model, self.cfg = model, cfg
        self.meta_opt = torch.optim.Adam(model.parameters(), lr=cfg.meta_lr)

    def inner_loop(self, xs, ys):
        fast = dict(self.model.named_parameters())
        for _ in range(self.cfg.inner_steps):
            logp = F.log_softmax(functional_call(self.model, fast, (xs,)), dim=-1)
            loss = F.nll_loss(logp, ys)
            grads = torch.autograd.grad(loss, list(fast.values()), create_graph=not self.cfg.first_order)
            fast = {n: p - self.cfg.inner_lr * g for (n, p), g in zip(fast.items(), grads)}
        return fast

    def meta_step(self, tasks):
        self.meta_opt.zero_grad()
        total = 0.0
        for xs, ys, xq, yq in tasks:
            fast = self.inner_loop(xs, ys)
            q_loss = F.cross_entropy(functional_call(self.model, fast, (xq,)), yq)
            q_loss.backward()
            total += q_loss.item()
        self.meta_opt.step()
        return total / len(tasks)


if __name__ == "__main__":
    cfg = MAMLConfig(first_order=True)
    learner = MAMLLearner(WaferConvNet(cfg.n_way), cfg)
    for it in range(2):
        tasks = [(torch.randn(5, 1, 16, 16), torch.arange(5), torch.randn(10, 1, 16, 16), torch.arange(5).repeat(2))
                 for _ in range(2)]
        print(it, learner.meta_step(tasks))
