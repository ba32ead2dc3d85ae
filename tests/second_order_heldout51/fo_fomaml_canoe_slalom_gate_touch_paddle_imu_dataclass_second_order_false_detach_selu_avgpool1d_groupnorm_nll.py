"""First-order MAML (FOMAML) for gate-penalty detection in canoe slalom.

A task is one athlete on one course: paddle-shaft IMU + hull accelerometer windows around each
gate, labelled clean / pole touch (2 s) / missed gate (50 s) / upstream gate.  The meta-gradient
uses the first-order approximation (inner gradients treated as constants), which is what the
team's GPU budget allows; the full second-order variant is kept behind the flag.
"""
from collections import OrderedDict
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class Config:
    channels: int = 9
    window: int = 40
    n_way: int = 4
    k_shot: int = 2
    q_query: int = 4
    inner_lr: float = 0.3
    inner_steps: int = 2
    second_order: bool = False
    meta_lr: float = 1e-3
    meta_batch: int = 3
    iterations: int = 4
    seed: int = 17


class GateNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.conv1 = nn.Conv1d(cfg.channels, 16, 5, padding=2)
        self.norm1 = nn.GroupNorm(4, 16)
        self.act = nn.SELU()
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(16, 16, 5, padding=2)
        self.norm2 = nn.GroupNorm(4, 16)
        self.head = nn.Linear(16, cfg.n_way)

    def forward(self, x):
        h = self.pool(self.act(self.norm1(self.conv1(x))))
        h = self.pool(self.act(self.norm2(self.conv2(h))))
        return F.log_softmax(self.head(h.mean(-1)), dim=-1)


def athlete_task(cfg, gen):
    t = torch.linspace(0, 2, cfg.window)
    stroke = 1.5 + torch.rand(1, generator=gen)          # strokes per second of this athlete
    signature = torch.randn(cfg.n_way, cfg.channels, generator=gen)

    def draw(n):
        y = torch.arange(cfg.n_way).repeat_interleave(n)
        base = torch.sin(2 * torch.pi * stroke * t).expand(len(y), cfg.channels, -1)
        bump = torch.exp(-((t - 1.0) ** 2) / 0.05) * signature[y].unsqueeze(-1)
        x = base + bump + 0.1 * torch.randn(len(y), cfg.channels, cfg.window, generator=gen)
        return x, y

    return (*draw(cfg.k_shot), *draw(cfg.q_query))


def inner_adapt(model, cfg, xs, ys):
    params = OrderedDict(model.named_parameters())
    for _ in range(cfg.inner_steps):
        loss = F.nll_loss(functional_call(model, params, (xs,)), ys)
        grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=cfg.second_order)
        if not cfg.second_order:
            grads = [g.detach() for g in grads]
        params = OrderedDict((k, p - cfg.inner_lr * g) for (k, p), g in zip(params.items(), grads))
    return params


def main(cfg=Config()):
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    model = GateNet(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.meta_lr)

    for it in range(cfg.iterations):
        opt.zero_grad()
        outer_total, acc = 0.0, 0.0
        for _ in range(cfg.meta_batch):
            xs, ys, xq, yq = athlete_task(cfg, gen)
            fast = inner_adapt(model, cfg, xs, ys)
            logp = functional_call(model, fast, (xq,))
            outer = F.nll_loss(logp, yq)
            (outer / cfg.meta_batch).backward()
            outer_total += outer.item() / cfg.meta_batch
            acc += (logp.argmax(-1) == yq).float().mean().item() / cfg.meta_batch
        opt.step()
        print(f"iter {it} query nll {outer_total:.4f} query acc {acc:.3f} (second_order={cfg.second_order})")


if __name__ == "__main__":
    main()
