"""Deep Ritz training of the loudspeaker diaphragm deflection under the voice-coil ring load."""
import argparse
import math

import torch
import torch.nn.functional as F

from config import CONFIG
from energy import ritz_energy, ring_load
from models import build


def disk_points(n):
    r, th = torch.sqrt(torch.rand(n)), 2 * math.pi * torch.rand(n)
    return torch.stack([r * torch.cos(th), r * torch.sin(th)], 1)


def scaled_stiffness(plate):
    E, h, nu = plate["youngs_gpa"] * 1e9, plate["thickness_mm"] * 1e-3, plate["poisson"]
    D = E * h ** 3 / (12 * (1 - nu ** 2))
    return D / (E * h ** 3 / 12)          # O(1) after scaling lengths by the radius


def vibrometer_scan(n=12):
    """Static laser-vibrometer readings along one radius (synthetic, scaled)."""
    r = torch.linspace(0.0, 0.9, n)
    return torch.stack([r, torch.zeros_like(r)], 1), 0.02 * (1 - r ** 2) ** 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CONFIG["train"]["steps"])
    args = ap.parse_args()
    torch.manual_seed(0)
    plate, tr = CONFIG["plate"], CONFIG["train"]
    model = build(CONFIG["model"])
    D = scaled_stiffness(plate)
    opt = torch.optim.Adam(model.parameters(), lr=tr["lr"])
    X_meas, w_meas = vibrometer_scan()
    for step in range(args.steps):
        X = disk_points(tr["quadrature_points"]).requires_grad_(True)
        energy = ritz_energy(model, X, plate, D)
        fit = F.smooth_l1_loss(model(X_meas), w_meas, beta=0.01)
        loss = energy + tr["vibrometer_weight"] * fit
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            Xe = disk_points(512)
            work = (ring_load(Xe, plate) * model(Xe)).mean().item() * math.pi
        print(f"step {step}  energy {energy.item():+.5f}  vibrometer {fit.item():.5f}  load work {work:+.5f}")


if __name__ == "__main__":
    main()
