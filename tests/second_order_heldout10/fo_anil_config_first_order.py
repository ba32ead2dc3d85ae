"""ANIL-style few-shot classification of sensor windows with a configurable (first/second-order) inner loop.

The experiment config below runs the first-order variant: `MetaConfig(second_order=False)`.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class MetaConfig:
    ways: int = 5
    shots: int = 4
    inner_steps: int = 3
    inner_lr: float = 0.4
    second_order: bool = True


class SensorEncoder(nn.Module):
    def __init__(self, channels=6, d=48):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(channels, 32, 5, padding=2), nn.PReLU(32),
                                  nn.Conv1d(32, d, 5, padding=2), nn.PReLU(d))

    def forward(self, x):
        return self.conv(x).mean(-1)


class Head(nn.Module):
    def __init__(self, d, ways):
        super().__init__()
        self.fc = nn.Linear(d, ways)
        self.logp = nn.LogSoftmax(dim=1)

    def forward(self, z, w=None, b=None):
        w = self.fc.weight if w is None else w
        b = self.fc.bias if b is None else b
        return self.logp(F.linear(z, w, b))


def adapt(head, feats, labels, cfg):
    w, b = head.fc.weight, head.fc.bias
    for _ in range(cfg.inner_steps):
        loss = F.nll_loss(head(feats, w, b), labels)
        gw, gb = torch.autograd.grad(loss, (w, b), create_graph=cfg.second_order)
        w, b = w - cfg.inner_lr * gw, b - cfg.inner_lr * gb
    return w, b


def meta_step(encoder, head, opt, cfg, n_tasks=4):
    opt.zero_grad()
    total = 0.0
    for _ in range(n_tasks):
        xs, ys = torch.randn(cfg.ways * cfg.shots, 6, 64), torch.arange(cfg.ways).repeat(cfg.shots)
        xq, yq = torch.randn(cfg.ways * 5, 6, 64), torch.arange(cfg.ways).repeat(5)
        w, b = adapt(head, encoder(xs), ys, cfg)
        q_loss = F.nll_loss(head(encoder(xq), w, b), yq)
        (q_loss / n_tasks).backward()
        total += q_loss.item()
    opt.step()
    return total / n_tasks


if __name__ == "__main__":
    cfg = MetaConfig(second_order=False)
    encoder, head = SensorEncoder(), Head(48, cfg.ways)
    opt = torch.optim.Adam([*encoder.parameters(), *head.parameters()], lr=1e-3)
    for it in range(2):
        print(it, meta_step(encoder, head, opt, cfg))
