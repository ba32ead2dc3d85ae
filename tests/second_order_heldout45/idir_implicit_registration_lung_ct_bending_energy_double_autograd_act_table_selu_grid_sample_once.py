"""Implicit neural registration (IDIR-style) of exhale -> inhale lung CT slices.

A coordinate MLP u_theta(x) gives the displacement; the moving slice is sampled at x + u(x). The bending energy
uses second derivatives of u w.r.t. the coordinates (autograd.grad twice, create_graph=True), and the
Jacobian-determinant term penalises folding.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "size": 48,
    "hidden": 48,
    "spec": ["linear", "act", "linear", "act", "linear", "act", "out"],
    "act": "selu",
    "points": 256,
    "iters": 4,
    "lr": 5e-4,
    "regulariser": "bending",
    "alpha_reg": 5e-3,
    "alpha_jac": 0.05,
    "pyramid": [4, 2],
}


class Sine(nn.Module):
    def forward(self, x):
        return torch.sin(30.0 * x)


ACTS = {"selu": nn.SELU, "sine": Sine, "tanh": nn.Tanh}


def build_field(cfg):
    layers, width = [], 2
    for kind in cfg["spec"]:
        if kind == "linear":
            layers.append(nn.Linear(width, cfg["hidden"]))
            width = cfg["hidden"]
        elif kind == "act":
            layers.append(ACTS[cfg["act"]]())
        elif kind == "out":
            layers.append(nn.Linear(width, 2))
            nn.init.uniform_(layers[-1].weight, -1e-4, 1e-4)
            nn.init.zeros_(layers[-1].bias)
    return nn.Sequential(*layers)


def jacobian(u, x):
    rows = [torch.autograd.grad(u[:, i].sum(), x, create_graph=True)[0] for i in range(u.shape[1])]
    return torch.stack(rows, dim=1)                                   # (N, 2, 2): du_i / dx_j


def bending_energy(u, x, jac):
    total = 0.0
    for i in range(2):
        for j in range(2):
            (h,) = torch.autograd.grad(jac[:, i, j].sum(), x, create_graph=True)
            total = total + h.pow(2).sum(-1)
    return total.mean()


def jacobian_l2(u, x, jac):
    return jac.pow(2).sum((1, 2)).mean()


REGULARISERS = {"bending": bending_energy, "diffusion": jacobian_l2}


def folding_penalty(jac):
    det = (1 + jac[:, 0, 0]) * (1 + jac[:, 1, 1]) - jac[:, 0, 1] * jac[:, 1, 0]
    return (1 - det).abs().mean()


def sample(img, pts):
    return F.grid_sample(img, pts.view(1, -1, 1, 2), mode="bilinear", align_corners=True).view(-1)


def ncc(a, b):
    a, b = a - a.mean(), b - b.mean()
    return (a * b).sum() / (a.norm() * b.norm() + 1e-8)


def synthetic_slices(n):
    ys, xs = torch.meshgrid(torch.linspace(-1, 1, n), torch.linspace(-1, 1, n), indexing="ij")
    def lungs(shift):
        body = torch.exp(-((xs.abs() - 0.4) ** 2 / 0.06 + (ys - shift) ** 2 / 0.35))
        vessels = 0.2 * torch.sin(9 * xs) * torch.sin(7 * (ys - shift))
        return (body + vessels * body)[None, None]
    return lungs(0.0), lungs(0.08)                                     # fixed (inhale), moving (exhale)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--iters", type=int, default=CFG["iters"])
    args = parser.parse_args()
    torch.manual_seed(0)
    fixed, moving = synthetic_slices(CFG["size"])
    with torch.no_grad():
        pyramid = [F.avg_pool2d(moving, k) for k in CFG["pyramid"]]
        coarse_gap = [F.mse_loss(F.interpolate(p, size=fixed.shape[-2:], mode="bilinear"), fixed).item() for p in pyramid]
    print("pyramid mse", [round(c, 4) for c in coarse_gap])
    field = build_field(CFG)
    opt = torch.optim.Adam(field.parameters(), lr=CFG["lr"])
    reg_fn = REGULARISERS[CFG["regulariser"]]
    for it in range(args.iters):
        x = (torch.rand(CFG["points"], 2) * 1.8 - 0.9).requires_grad_(True)
        u = field(x)
        sim = 1 - ncc(sample(moving, x + u), sample(fixed, x.detach()))
        jac = jacobian(u, x)
        reg = reg_fn(u, x, jac)
        fold = folding_penalty(jac)
        loss = sim + CFG["alpha_reg"] * reg + CFG["alpha_jac"] * fold
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}: 1-ncc {sim.item():.4f} bending {reg.item():.3e} fold {fold.item():.4f}")


if __name__ == "__main__":
    main()
