"""Few-shot glaze-defect recognition on ceramic tile crops, one task per kiln firing (FOMAML).

Classes per task: crawling, pinholing, crazing, sound glaze. The inner loop asks the higher_order
context manager whether to keep the graph of its gradients; this run uses first-order MAML.
"""
import argparse
import contextlib
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class HigherOrder:
    enabled = False


@contextlib.contextmanager
def higher_order(enabled):
    prev = HigherOrder.enabled
    HigherOrder.enabled = bool(enabled)
    try:
        yield
    finally:
        HigherOrder.enabled = prev


@dataclass
class Cfg:
    algorithm: str = "fomaml"     # "maml" would keep second-order terms
    ways: int = 4
    shots: int = 3
    queries: int = 4
    inner_lr: float = 0.1
    inner_steps: int = 2
    meta_lr: float = 1e-3
    meta_batch: int = 2
    steps: int = 3


class GlazeNet(nn.Module):
    def __init__(self, ways=4, width=8):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 3, padding=1)
        self.act = nn.SELU()
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(width, width, 3, padding=1)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(width, ways)

    def forward(self, x):
        h = self.pool(self.act(self.conv1(x)))
        h = self.gap(self.act(self.conv2(h))).flatten(1)
        return self.fc(h)


def inner_update(model, params, x, y, lr):
    loss = F.cross_entropy(functional_call(model, params, (x,)), y)
    grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=HigherOrder.enabled)
    return {k: p - lr * g for (k, p), g in zip(params.items(), grads)}


def firing_task(cfg, gen, size=12):
    n = cfg.ways * (cfg.shots + cfg.queries)
    y = torch.arange(cfg.ways).repeat_interleave(cfg.shots + cfg.queries)
    tint = torch.rand(1, 3, 1, 1, generator=gen)
    x = tint + 0.2 * torch.randn(n, 3, size, size, generator=gen)
    x[:, :, ::2] += 0.3 * (y == 0).float()[:, None, None, None]       # crawled bands
    x[:, :, :, ::3] -= 0.3 * (y == 2).float()[:, None, None, None]    # craze lines
    x[y == 1, :, 5:7, 5:7] = 1.5                                      # pinhole
    idx = torch.arange(n).reshape(cfg.ways, -1)
    s, q = idx[:, :cfg.shots].flatten(), idx[:, cfg.shots:].flatten()
    return (x[s], y[s]), (x[q], y[q])


def meta_step(model, opt, cfg, gen):
    meta_loss = 0.0
    with higher_order(cfg.algorithm == "maml"):
        for _ in range(cfg.meta_batch):
            (xs, ys), (xq, yq) = firing_task(cfg, gen)
            fast = dict(model.named_parameters())
            for _ in range(cfg.inner_steps):
                fast = inner_update(model, fast, xs, ys, cfg.inner_lr)
            meta_loss = meta_loss + F.cross_entropy(functional_call(model, fast, (xq,)), yq)
    opt.zero_grad()
    (meta_loss / cfg.meta_batch).backward()
    opt.step()
    return meta_loss.item() / cfg.meta_batch


def second_order_gap_probe(model, cfg, gen):
    """Compare MAML and FOMAML meta-gradients on one task (diagnostic, not part of training)."""
    (xs, ys), (xq, yq) = firing_task(cfg, gen)
    with higher_order(True):
        fast = inner_update(model, dict(model.named_parameters()), xs, ys, cfg.inner_lr)
    loss = F.cross_entropy(functional_call(model, fast, (xq,)), yq)
    return torch.autograd.grad(loss, tuple(model.parameters()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    args = ap.parse_args()
    cfg = Cfg(steps=args.steps)
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = GlazeNet(cfg.ways)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.meta_lr)
    for step in range(cfg.steps):
        print(f"meta step {step} ({cfg.algorithm}): query CE {meta_step(model, opt, cfg, gen):.4f}")


if __name__ == "__main__":
    main()
