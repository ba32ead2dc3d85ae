"""Per-silo few-shot calibration of a grain-moisture estimator from temperature-cable readings (MAML).

Each silo is a task: a handful of lab-measured moisture samples (support) adapt the network, which
is then scored on the remaining samples (query). Inputs are 4 cables x 48 hourly readings.
"""
import argparse
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class Cfg:
    cables: int = 4
    hours: int = 48
    hidden: int = 16
    depth: int = 2
    inner_lr: float = 0.05
    inner_steps: int = 2
    meta_lr: float = 1e-3
    tasks_per_batch: int = 3
    iters: int = 3
    inner_loss: str = "huber"
    query_loss: str = "smooth_l1"
    first_order: bool = False


class MoistureNet(nn.Module):
    def __init__(self, cables, hidden, depth, shrink=0.05):
        super().__init__()
        self.depth = depth
        c = cables
        for i in range(depth):
            self.add_module(f"block{i}", nn.Sequential(nn.Conv1d(c, hidden, 5, padding=2), nn.Hardshrink(shrink)))
            c = hidden
        self.pool = nn.AdaptiveMaxPool1d(4)
        self.head = nn.Linear(hidden * 4, 1)

    def forward(self, x):
        for i in range(self.depth):
            x = getattr(self, f"block{i}")(x)
        return self.head(self.pool(x).flatten(1)).squeeze(1)


def make_loss(kind):
    if kind == "huber":
        return lambda pred, y: F.huber_loss(pred, y, delta=0.5)
    if kind == "smooth_l1":
        return lambda pred, y: F.smooth_l1_loss(pred, y, beta=0.5)
    return lambda pred, y: F.mse_loss(pred, y)


def make_inner_step(model, loss_fn, lr, create_graph):
    def step(params, x, y):
        loss = loss_fn(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=create_graph)
        if not create_graph:
            grads = [g.detach() for g in grads]
        return {k: p - lr * g for (k, p), g in zip(params.items(), grads)}
    return step


def sample_silo(cfg, n_support=6, n_query=10):
    """Moisture drives a slow temperature rise (respiration heating) with a silo-specific gain."""
    gain = 0.5 + torch.rand(1)
    n = n_support + n_query
    m = 12 + 6 * torch.rand(n)
    t = torch.linspace(0, 1, cfg.hours)
    x = 0.2 * torch.randn(n, cfg.cables, cfg.hours) + gain * (m[:, None, None] - 12) / 6 * t
    y = (m - 15) / 3
    return x[:n_support], y[:n_support], x[n_support:], y[n_support:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=None)
    args = ap.parse_args()
    cfg = Cfg()
    if args.iters:
        cfg.iters = args.iters
    torch.manual_seed(5)

    model = MoistureNet(cfg.cables, cfg.hidden, cfg.depth)
    inner_step = make_inner_step(model, make_loss(cfg.inner_loss), cfg.inner_lr, not cfg.first_order)
    query_loss = make_loss(cfg.query_loss)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.meta_lr)

    for it in range(cfg.iters):
        opt.zero_grad()
        meta_loss = 0.0
        for _ in range(cfg.tasks_per_batch):
            xs, ys, xq, yq = sample_silo(cfg)
            params = dict(model.named_parameters())
            for _ in range(cfg.inner_steps):
                params = inner_step(params, xs, ys)
            meta_loss = meta_loss + query_loss(functional_call(model, params, (xq,)), yq)
        (meta_loss / cfg.tasks_per_batch).backward()
        opt.step()
        print(f"iter {it}: query smooth-L1 {meta_loss.item() / cfg.tasks_per_batch:.4f}")


if __name__ == "__main__":
    main()
