"""PINN for 1-D transient heat conduction through an asphalt pavement layer: u_t = k * u_zz."""
import math
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class PavementConfig:
    diffusivity: float = 0.05
    hidden: int = 24
    depth: int = 3
    n_collocation: int = 64
    n_boundary: int = 16
    epochs: int = 3
    lr: float = 1e-3


class TemperatureNet(nn.Module):
    def __init__(self, cfg: PavementConfig):
        super().__init__()
        layers = [nn.Linear(2, cfg.hidden), nn.GELU(approximate="tanh")]
        for _ in range(cfg.depth - 1):
            layers += [nn.Linear(cfg.hidden, cfg.hidden), nn.Tanhshrink()]
        layers.append(nn.Linear(cfg.hidden, 1))
        self.body = nn.Sequential(*layers)

    def forward(self, z, t):
        return self.body(torch.cat([z, t], dim=1))


def derivative(y, x, order=1):
    for _ in range(order):
        y = torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]
    return y


def heat_residual(net, z, t, k):
    u = net(z, t)
    u_t = derivative(u, t)
    u_zz = derivative(u, z, order=2)
    return u_t - k * u_zz


def main():
    cfg = PavementConfig()
    torch.manual_seed(0)
    net = TemperatureNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    residual_loss = nn.SmoothL1Loss(beta=0.1)
    for epoch in range(cfg.epochs):
        z = torch.rand(cfg.n_collocation, 1, requires_grad=True)
        t = torch.rand(cfg.n_collocation, 1, requires_grad=True)
        r = heat_residual(net, z, t, cfg.diffusivity)
        z0 = torch.rand(cfg.n_boundary, 1)
        t0 = torch.zeros_like(z0)
        u0 = torch.sin(math.pi * z0)
        loss = residual_loss(r, torch.zeros_like(r)) + ((net(z0, t0) - u0) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: {loss.item():.5f}")


if __name__ == "__main__":
    main()
