"""Monotone transport map between wake-velocity distributions of two turbine rows, as the gradient of an ICNN."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import grad, vmap


@dataclass
class ICNNConfig:
    dim: int = 2
    hidden: tuple = (16, 16)
    lr: float = 5e-3
    steps: int = 3


class ICNN(nn.Module):
    """f(x) convex in x: nonnegative z-weights, convex nondecreasing activations."""

    def __init__(self, cfg: ICNNConfig):
        super().__init__()
        self.Wx = nn.ModuleList(nn.Linear(cfg.dim, h) for h in cfg.hidden)
        self.Wz = nn.ParameterList(
            nn.Parameter(torch.randn(cfg.hidden[i + 1], cfg.hidden[i]) * 0.1) for i in range(len(cfg.hidden) - 1)
        )
        self.out_z = nn.Parameter(torch.rand(cfg.hidden[-1]) * 0.1)
        self.out_x = nn.Linear(cfg.dim, 1)

    def forward(self, x):
        z = F.elu(self.Wx[0](x))
        for Wz, Wx in zip(self.Wz, list(self.Wx)[1:]):
            z = F.elu(F.linear(z, F.softplus(Wz)) + Wx(x))
        return z @ F.softplus(self.out_z) + self.out_x(x).squeeze(-1) + 0.5 * (x * x).sum(-1)


def transport_map(potential):
    def f_single(xi):
        return potential(xi.unsqueeze(0)).squeeze(0)
    return vmap(grad(f_single))


def main(cfg=ICNNConfig()):
    torch.manual_seed(0)
    potential = ICNN(cfg)
    opt = torch.optim.Adam(potential.parameters(), lr=cfg.lr)
    T = transport_map(potential)
    upstream = torch.randn(64, cfg.dim) * torch.tensor([1.0, 0.3])
    A = torch.tensor([[0.7, 0.1], [0.1, 0.4]])
    downstream = upstream @ A + torch.tensor([-0.5, 0.0])
    for step in range(cfg.steps):
        mapped = T(upstream)
        loss = (mapped - downstream).pow(2).sum(-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
