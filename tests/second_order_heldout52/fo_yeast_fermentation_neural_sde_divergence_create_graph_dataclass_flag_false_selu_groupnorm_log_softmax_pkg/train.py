"""Fit the fermentation SDE to synthetic logged batches (sugar, biomass, ethanol, CO2 rate)."""
import argparse

import torch

from config import CONFIG
from objectives import divergence_penalty, euler_maruyama_nll
from sde import FermentationSDE


def logged_batches(cfg, n, steps=12):
    """Monod-like reference kinetics with measurement noise, in scaled log units."""
    s = 1.0 + 0.2 * torch.rand(n)
    b = -2.0 + 0.3 * torch.rand(n)
    e = torch.full((n,), -3.0)
    traj = []
    for _ in range(steps):
        mu = 0.8 * torch.exp(s) / (0.5 + torch.exp(s))
        co2 = mu * torch.exp(b)
        traj.append(torch.stack([s, b, e, co2], 1))
        s = s - cfg.dt * co2 / torch.exp(s)
        b = b + cfg.dt * (mu - 0.05)
        e = e + cfg.dt * co2 / torch.exp(e)
    traj = torch.stack(traj, 1)
    return traj + 0.01 * torch.randn_like(traj)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--batches", type=int, default=CONFIG.batches)
    args = ap.parse_args()
    torch.manual_seed(0)
    model = FermentationSDE(CONFIG)
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG.lr)
    for it in range(args.batches):
        traj = logged_batches(CONFIG, CONFIG.batch_size)
        x, x_next = traj[:, :-1].reshape(-1, 4), traj[:, 1:].reshape(-1, 4)
        nll = euler_maruyama_nll(model, x, x_next, CONFIG.dt)
        pen, mean_div = divergence_penalty(model, x, CONFIG)
        loss = nll + CONFIG.div_weight * pen
        opt.zero_grad()
        loss.backward()
        opt.step()
        sim = model.simulate(x[:8], 10, CONFIG.dt)
        print(f"batch {it}  nll {nll.item():.3f}  mean div f {mean_div.item():+.3f}  "
              f"simulated final CO2 {sim[:, -1, 3].mean().item():.3f}")


if __name__ == "__main__":
    main()
