"""First-order ANIL for few-shot recognition of hearing-aid feedback whistles (per-user acoustic signatures).

Only the linear head is adapted in the inner loop, with detached gradients (no second-order term).
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class AnilConfig:
    n_way: int = 3
    shots: int = 2
    queries: int = 3
    inner_lr: float = 0.3
    inner_steps: int = 3
    meta_lr: float = 1e-3
    meta_iters: int = 3


class Body(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv = nn.Conv1d(1, ch, 5, padding=2)
        self.norm = nn.GroupNorm(2, ch)
        self.pool = nn.AdaptiveAvgPool1d(4)

    def forward(self, x):
        return self.pool(F.elu(self.norm(self.conv(x)))).flatten(1)


def head_logits(feats, w, b):
    return F.log_softmax(feats @ w.t() + b, dim=-1)


def adapt_head(feats, y, w, b, cfg):
    for _ in range(cfg.inner_steps):
        loss = F.nll_loss(head_logits(feats, w, b), y)
        gw, gb = torch.autograd.grad(loss, (w, b))
        w, b = w - cfg.inner_lr * gw.detach(), b - cfg.inner_lr * gb.detach()
    return w, b


def main(cfg=AnilConfig()):
    torch.manual_seed(0)
    body = Body()
    w0 = nn.Parameter(torch.zeros(cfg.n_way, 32))
    b0 = nn.Parameter(torch.zeros(cfg.n_way))
    opt = torch.optim.Adam([*body.parameters(), w0, b0], lr=cfg.meta_lr)
    for it in range(cfg.meta_iters):
        freqs = torch.rand(cfg.n_way) * 0.5 + 0.1
        t = torch.arange(64.0)
        def draw(k):
            x = torch.sin(freqs.repeat_interleave(k)[:, None] * t)[:, None] + 0.1 * torch.randn(cfg.n_way * k, 1, 64)
            return x, torch.arange(cfg.n_way).repeat_interleave(k)
        (xs, ys), (xq, yq) = draw(cfg.shots), draw(cfg.queries)
        w, b = adapt_head(body(xs), ys, w0, b0, cfg)
        loss = F.nll_loss(head_logits(body(xq), w, b), yq)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())


if __name__ == "__main__":
    main()
