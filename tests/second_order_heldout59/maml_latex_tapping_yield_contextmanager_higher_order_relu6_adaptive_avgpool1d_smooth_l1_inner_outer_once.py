"""Few-shot forecasting of next-week latex yield per rubber-plantation block with MAML.

Each task is one tapping block: a 14-day window of (rain, temperature, tapping interval, dry rubber content)
-> next-week yield. Second-order MAML is switched on by a context manager that the inner loop consults.
"""
import argparse
import contextlib
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class _GradState:
    create_graph = False
    depth = 0


@contextlib.contextmanager
def higher_order(enabled=True):
    """Inside the block, inner-loop gradients keep their graph (second-order MAML)."""
    prev = _GradState.create_graph
    _GradState.create_graph = enabled
    _GradState.depth += 1
    try:
        yield _GradState
    finally:
        _GradState.create_graph = prev
        _GradState.depth -= 1


@dataclass
class MetaConfig:
    second_order: bool = True
    inner_steps: int = 2
    inner_lr: float = 0.05
    meta_lr: float = 1e-3
    tasks_per_batch: int = 4
    shots: int = 6
    queries: int = 10
    days: int = 14
    meta_steps: int = 3


class TappingNet(nn.Module):
    def __init__(self, c_in=4, width=16):
        super().__init__()
        self.conv1 = nn.Conv1d(c_in, width, 3, padding=1)
        self.act = nn.ReLU6()
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.act(self.conv2(h))
        return self.head(self.pool(h).squeeze(-1))


@torch.no_grad()
def weekly_smooth(series):
    """7-day centred moving average of the raw logger series (edge-replicated)."""
    return F.avg_pool1d(F.pad(series, (3, 3), mode="replicate"), 7, stride=1)


def sample_block(cfg, gen):
    n = cfg.shots + cfg.queries
    base = torch.rand(1, 4, 1, generator=gen)
    raw = base + 0.3 * torch.randn(n, 4, cfg.days, generator=gen)
    x = weekly_smooth(raw)
    w = torch.tensor([0.6, -0.3, -0.4, 0.8])
    y = (x.mean(-1) * w).sum(-1, keepdim=True) + 0.2 * base[0, 0]
    return (x[:cfg.shots], y[:cfg.shots]), (x[cfg.shots:], y[cfg.shots:])


def adapt(model, params, x, y, cfg):
    for _ in range(cfg.inner_steps):
        pred = functional_call(model, params, (x,))
        loss = F.smooth_l1_loss(pred, y, beta=0.1)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=_GradState.create_graph)
        params = {k: p - cfg.inner_lr * g for (k, p), g in zip(params.items(), grads)}
    return params


def query_error(model, params, xq, yq):
    return F.smooth_l1_loss(functional_call(model, params, (xq,)), yq, beta=0.1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--first-order", action="store_true")
    ap.add_argument("--meta-steps", type=int, default=3)
    args = ap.parse_args()
    cfg = MetaConfig(second_order=not args.first_order, meta_steps=args.meta_steps)
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = TappingNet()
    opt = torch.optim.Adam(model.parameters(), lr=cfg.meta_lr)

    for step in range(cfg.meta_steps):
        params = dict(model.named_parameters())
        meta_loss = 0.0
        with higher_order(cfg.second_order):
            for _ in range(cfg.tasks_per_batch):
                (xs, ys), (xq, yq) = sample_block(cfg, gen)
                fast = adapt(model, params, xs, ys, cfg)
                meta_loss = meta_loss + query_error(model, fast, xq, yq)
        meta_loss = meta_loss / cfg.tasks_per_batch
        opt.zero_grad()
        meta_loss.backward()
        opt.step()
        print(f"meta step {step}: query smooth-L1 {meta_loss.item():.4f}")

    # held-out block: plain first-order adaptation outside the context manager
    (xs, ys), (xq, yq) = sample_block(cfg, gen)
    fast = adapt(model, dict(model.named_parameters()), xs, ys, cfg)
    print("held-out block error %.4f" % query_error(model, fast, xq, yq).item())


if __name__ == "__main__":
    main()
