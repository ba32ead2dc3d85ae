"""Train the permafrost active-layer PINN on collocation points plus synthetic borehole thermistor strings."""
import argparse
import math

import torch
import torch.nn.functional as F

from config import Config
from nets import build_field
from residuals import RESIDUALS


def borehole_data(cfg, n):
    p = cfg.phys
    z = torch.tensor([0.1, 0.25, 0.4, 0.6]).repeat(n // 4)
    t = torch.rand(z.shape[0])
    damp = torch.exp(-3.0 * z)
    T = (1 - z) * (p.surface_mean + p.surface_amp * damp * torch.sin(2 * math.pi * t - 3.0 * z)) + z * p.bottom_temp
    return torch.stack([z, t], 1), T.unsqueeze(1) + 0.02 * torch.randn_like(T.unsqueeze(1))


@torch.no_grad()
def active_layer_depth(model, n_z=64):
    z = torch.linspace(0, 1, n_z)
    depths = []
    for t in (0.55, 0.65, 0.75):
        T = model(torch.stack([z, torch.full_like(z, t)], 1)).view(1, 1, -1)
        T = F.avg_pool1d(F.pad(T, (1, 1), mode="replicate"), 3, stride=1).view(-1)
        thawed = (T > 0).float()
        depths.append((thawed.cumprod(0).sum() / n_z).item())
    return max(depths)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=None)
    args = ap.parse_args()
    cfg = Config()
    if args.steps:
        cfg.train.steps = args.steps
    torch.manual_seed(0)

    model = build_field(cfg.net, cfg.phys)
    residual_fn = RESIDUALS[cfg.train.residual]
    opt = torch.optim.Adam(model.parameters(), lr=cfg.train.lr)
    X_obs, T_obs = borehole_data(cfg, cfg.train.n_obs)
    for step in range(cfg.train.steps):
        X = torch.rand(cfg.train.n_colloc, 2, requires_grad=True)
        r = residual_fn(model, X, cfg.phys)
        loss_pde = F.smooth_l1_loss(r, torch.zeros_like(r), beta=0.1)
        loss_obs = F.mse_loss(model(X_obs), T_obs)
        loss = loss_pde + cfg.train.w_obs * loss_obs
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}  pde {loss_pde.item():.4f}  obs {loss_obs.item():.4f}  ALT {active_layer_depth(model):.2f}")


if __name__ == "__main__":
    main()
