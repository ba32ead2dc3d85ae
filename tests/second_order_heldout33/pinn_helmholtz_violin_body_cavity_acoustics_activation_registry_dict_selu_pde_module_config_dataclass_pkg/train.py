import math

import torch

from config import CavityConfig
from fields import PressureField
from pde import helmholtz_residual


def f_hole_source(xy):
    r2 = ((xy - torch.tensor([0.7, 0.5])) ** 2).sum(1, keepdim=True)
    return 10.0 * torch.exp(-r2 / 0.01)


def wall_points(n):
    s = torch.rand(n, 1)
    side = torch.randint(0, 4, (n, 1))
    x = torch.where(side == 0, torch.zeros_like(s), torch.where(side == 1, torch.ones_like(s), s))
    y = torch.where(side == 2, torch.zeros_like(s), torch.where(side == 3, torch.ones_like(s), s))
    y = torch.where(side < 2, s, y)
    return torch.cat([x, y], 1)


def main(cfg=CavityConfig()):
    torch.manual_seed(0)
    model = PressureField(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        res = helmholtz_residual(model, torch.rand(cfg.n_interior, 2), cfg.wavenumber, f_hole_source)
        wall = model(wall_points(cfg.n_wall))
        loss = res.pow(2).mean() + 10.0 * wall.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} loss {loss.item():.4f} k={cfg.wavenumber} ({math.pi:.2f})")


if __name__ == "__main__":
    main()
