"""Implicit neural fields over (x, y, elevation); registered by name."""
import torch
import torch.nn as nn

FIELDS = {}


def register(name):
    def deco(cls):
        FIELDS[name] = cls
        return cls
    return deco


@register("fourier_mlp")
class FourierMLP(nn.Module):
    """log(1 + rain) = MLP([sin(Bx), cos(Bx), elevation])."""

    def __init__(self, cfg):
        super().__init__()
        g = torch.Generator().manual_seed(cfg.seed)
        self.register_buffer("B", 3.0 * torch.randn(2, cfg.n_fourier, generator=g))
        self.inp = nn.Linear(2 * cfg.n_fourier + 1, cfg.width)
        self.hidden = nn.Linear(cfg.width, cfg.width)
        self.out = nn.Linear(cfg.width, 1)
        self.act = nn.GELU(approximate=cfg.approximate)

    def forward(self, coords):
        xy, z = coords[:, :2], coords[:, 2:]
        proj = xy @ self.B
        h = self.act(self.inp(torch.cat([torch.sin(proj), torch.cos(proj), z], dim=-1)))
        h = self.act(self.hidden(h))
        return self.out(h).squeeze(-1)


@register("plain_mlp")
class PlainMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, cfg.width), nn.Tanh(), nn.Linear(cfg.width, 1))

    def forward(self, coords):
        return self.net(coords).squeeze(-1)
