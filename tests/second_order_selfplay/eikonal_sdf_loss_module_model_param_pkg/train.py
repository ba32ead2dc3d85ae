import math

import torch

from losses import SDFLoss
from nets import ImplicitLid


def lid_surface(n):
    """Points on a shallow spherical cap (the lid), radius 1, rise 0.15."""
    r = torch.rand(n).sqrt()
    th = 2 * math.pi * torch.rand(n)
    x, y = r * torch.cos(th), r * torch.sin(th)
    return torch.stack([x, y, 0.15 * (1 - r ** 2)], dim=1)


def main():
    torch.manual_seed(0)
    model, criterion = ImplicitLid(), SDFLoss(lam=0.1)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(3):
        loss = criterion(model, lid_surface(64), torch.rand(128, 3) * 2 - 1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
