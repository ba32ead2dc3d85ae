"""Fit the brine depth of an evaporation pan from pole soundings with a thin-plate prior."""
import argparse

import torch

from surface import BrineSurface, render
from terms import ShorelineTerm, SoundingTerm, ThinPlateTerm


def field_batch(gen, n_s=40, n_c=96, n_shore=32):
    xy_s = torch.rand(n_s, 2, generator=gen) * 0.8 + 0.1
    depth_s = 0.05 * torch.exp(-((xy_s - 0.5) ** 2).sum(1, keepdim=True) / 0.08)
    depth_s = depth_s + 0.003 * torch.randn(n_s, 1, generator=gen)
    s = torch.rand(n_shore, generator=gen)
    side = torch.randint(0, 4, (n_shore,), generator=gen)
    xy_shore = torch.stack([torch.where(side < 2, side.float(), s), torch.where(side < 2, s, side.float() - 2)], 1)
    return {"xy_s": xy_s, "depth_s": depth_s.clamp(min=0), "xy_c": torch.rand(n_c, 2, generator=gen),
            "xy_shore": xy_shore}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--smooth", type=float, default=1e-3)
    args = ap.parse_args()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = BrineSurface()
    objective = 10.0 * SoundingTerm() + ShorelineTerm(1.0) + ThinPlateTerm(args.smooth)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(args.steps):
        total, parts = objective(model, field_batch(gen))
        opt.zero_grad()
        total.backward()
        opt.step()
        print(f"step {step}: {total.item():.5f} {parts}")
    print("max depth on the report grid: %.4f m" % render(model).max().item())


if __name__ == "__main__":
    main()
