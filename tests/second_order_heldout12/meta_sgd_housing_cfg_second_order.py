# Meta-SGD (Li et al. 2017) for few-shot house-price regression across cities.
# Per-parameter learning rates are meta-learned together with the initialisation.
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class MetaCfg:
    inner_steps: int = 1
    meta_lr: float = 1e-3
    second_order: bool = False
    tasks_per_batch: int = 4


class Regressor(nn.Module):
    def __init__(self, d_in=8, width=40):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, width), nn.LayerNorm(width), nn.Softplus(),
                                  nn.Linear(width, width), nn.Softplus())
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        return self.out(self.body(x)).squeeze(-1)


class MetaSGD:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.alphas = {n: torch.full_like(p, 0.01, requires_grad=True) for n, p in model.named_parameters()}
        self.crit = nn.SmoothL1Loss(beta=0.5)
        self.opt = torch.optim.Adam(list(model.parameters()) + list(self.alphas.values()), lr=cfg.meta_lr)

    def adapt(self, xs, ys):
        fast = dict(self.model.named_parameters())
        for _ in range(self.cfg.inner_steps):
            loss = self.crit(functional_call(self.model, fast, (xs,)), ys)
            grads = torch.autograd.grad(loss, list(fast.values()), create_graph=self.cfg.second_order)
            fast = {n: w - self.alphas[n] * g for (n, w), g in zip(fast.items(), grads)}
        return fast

    def meta_step(self, tasks):
        self.opt.zero_grad()
        total = 0.0
        for xs, ys, xq, yq in tasks:
            fast = self.adapt(xs, ys)
            total = total + F.mse_loss(functional_call(self.model, fast, (xq,)), yq)
        (total / len(tasks)).backward()
        self.opt.step()
        return float(total) / len(tasks)


def sample_city(n=10, d=8):
    w = torch.randn(d)
    xs, xq = torch.randn(n, d), torch.randn(n, d)
    return xs, xs @ w, xq, xq @ w


if __name__ == "__main__":
    cfg = MetaCfg(second_order=True, tasks_per_batch=2)
    learner = MetaSGD(Regressor(), cfg)
    for it in range(2):
        print(it, learner.meta_step([sample_city() for _ in range(cfg.tasks_per_batch)]))
