"""Implicit (Hyvarinen) score matching on tidal-current velocity snapshots.

The score network s(x) is trained with the exact objective
    J = E[ 0.5 * |s(x)|^2 + tr(ds/dx) ]
where the trace is computed dimension by dimension with autograd.
"""
import functools
import math

import torch
import torch.nn as nn

# every derivative taken inside the objective must stay differentiable
grad_keep = functools.partial(torch.autograd.grad, create_graph=True, retain_graph=True)


class ScoreNet(nn.Module):
    def __init__(self, dim=4, width=32):
        super().__init__()
        self.inp = nn.Linear(dim, width)
        self.norm = nn.LayerNorm(width)
        self.act = nn.Hardswish()
        self.hidden = nn.Linear(width, width)
        self.out = nn.Linear(width, dim)

    def forward(self, x):
        h = self.act(self.norm(self.inp(x)))
        h = self.act(self.hidden(h)) + h
        return self.out(h)


def exact_trace(score, x):
    tr = torch.zeros(x.shape[0], device=x.device)
    for d in range(x.shape[1]):
        (dsd,) = grad_keep(score[:, d].sum(), x)
        tr = tr + dsd[:, d]
    return tr


def ism_loss(model, x):
    x = x.requires_grad_(True)
    s = model(x)
    return (0.5 * s.pow(2).sum(dim=1) + exact_trace(s, x)).mean()


def tidal_batch(n, dim=4):
    phase = torch.rand(n, 1) * 2 * math.pi
    base = torch.cat([torch.cos(phase), torch.sin(phase)], dim=1)
    amp = 0.5 + torch.rand(n, 1)
    x = torch.cat([amp * base, 0.3 * torch.randn(n, dim - 2)], dim=1)
    return x


def main():
    torch.manual_seed(0)
    model = ScoreNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(3):
        x = tidal_batch(16)
        loss = ism_loss(model, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} ism {loss.item():.4f}")


if __name__ == "__main__":
    main()
