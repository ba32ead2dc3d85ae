"""Pressure surrogate u(x, y) for 2-D Darcy flow, conditioned on a fixed permeability prior."""
from dataclasses import dataclass

import torch
from torch import nn

from layers import Act


@dataclass
class SurrogateConfig:
    width: int = 48
    depth: int = 3
    act: str = "tanh"
    n_fourier: int = 8


class DarcySurrogate(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.register_buffer("freqs", torch.randn(2, cfg.n_fourier) * 2.0)
        self.register_buffer("k_prior", torch.rand(1, 16) * 0.8 + 0.1)
        layers, d_in = [], 2 * cfg.n_fourier + 16
        for _ in range(cfg.depth):
            layers += [nn.Linear(d_in, cfg.width), Act(cfg.act)]
            d_in = cfg.width
        self.mlp = nn.Sequential(*layers, nn.Linear(d_in, 1))

    def encode(self, xy):
        proj = xy @ self.freqs
        cond = torch.logit(self.k_prior).expand(xy.size(0), -1)
        return torch.cat([torch.sin(proj), torch.cos(proj), cond], dim=1)

    def solution(self, xy):
        return self.mlp(self.encode(xy))

    def forward(self, xy):
        return self.solution(xy)
