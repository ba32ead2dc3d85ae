"""Implicit-neural-representation registration of orthodontic follow-up cephalograms.

A displacement field u(x) (Fourier features -> gated MLP) warps the follow-up radiograph onto the
baseline one. Similarity: local NCC after bilinear grid_sample. Regulariser: folding penalty on the
determinant of the spatial Jacobian I + du/dx, obtained with torch.autograd.grad(create_graph=True).

The INR is wrapped with torch.compile; the aot_autograd backends cannot run a double backward, so the
default backend here is "eager" (dynamo capture without AOT).
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = nn.Linear(width, 2 * width)
        self.gate = nn.GLU(dim=-1)
        self.norm = nn.LayerNorm(width)

    def forward(self, h):
        return self.norm(h + self.gate(self.proj(h)))


class DisplacementINR(nn.Module):
    def __init__(self, n_freq=16, width=48, depth=3, sigma=3.0):
        super().__init__()
        self.register_buffer("freqs", torch.randn(2, n_freq) * sigma)
        self.inp = nn.Linear(2 * n_freq, width)
        self.blocks = nn.Sequential(*[GatedBlock(width) for _ in range(depth)])
        self.out = nn.Linear(width, 2)
        nn.init.zeros_(self.out.weight)
        nn.init.zeros_(self.out.bias)

    def forward(self, xy):
        phase = 2 * math.pi * xy @ self.freqs
        h = torch.cat([torch.sin(phase), torch.cos(phase)], dim=-1)
        return 0.1 * self.out(self.blocks(self.inp(h)))


def spatial_jacobian(u, xy):
    rows = [torch.autograd.grad(u[:, i].sum(), xy, create_graph=True)[0] for i in range(2)]
    return torch.stack(rows, dim=1)  # (N, 2, 2): d u_i / d x_j


def folding_penalty(jac):
    a = 1 + jac[:, 0, 0]
    d = 1 + jac[:, 1, 1]
    det = a * d - jac[:, 0, 1] * jac[:, 1, 0]
    return F.relu(0.1 - det).pow(2).mean() + (det - 1).pow(2).mean() * 0.01


def sample_image(img, xy):
    grid = xy.view(1, -1, 1, 2)
    return F.grid_sample(img, grid, mode="bilinear", align_corners=True).view(-1)


def ncc(a, b, eps=1e-5):
    a = (a - a.mean()) / (a.std() + eps)
    b = (b - b.mean()) / (b.std() + eps)
    return (a * b).mean()


def synthetic_pair(size):
    """Smooth 'radiograph' and a slightly displaced copy (stand-in for the DICOM loader)."""
    g = torch.linspace(-1, 1, size)
    yy, xx = torch.meshgrid(g, g, indexing="ij")
    base = torch.exp(-((xx - 0.2) ** 2 + yy ** 2) * 6) + 0.5 * torch.exp(-((xx + 0.4) ** 2 + (yy - 0.3) ** 2) * 10)
    moved = torch.exp(-((xx - 0.25) ** 2 + (yy + 0.03) ** 2) * 6) + 0.5 * torch.exp(-((xx + 0.37) ** 2 + (yy - 0.3) ** 2) * 10)
    return base[None, None], moved[None, None]


@torch.no_grad()
def pyramid(img, levels):
    out = [img]
    for _ in range(levels - 1):
        out.append(F.avg_pool2d(out[-1], 2))
    return out[::-1]


def register(fixed, moving, args):
    net = DisplacementINR(args.n_freq, args.width, args.depth)
    model = torch.compile(net, backend=args.compile_backend) if args.compile else net
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    for level, (fix, mov) in enumerate(zip(pyramid(fixed, args.levels), pyramid(moving, args.levels))):
        for it in range(args.iters):
            xy = (torch.rand(args.points, 2) * 2 - 1).requires_grad_(True)
            u = model(xy)
            sim = 1 - ncc(sample_image(fix, xy), sample_image(mov, xy + u))
            fold = folding_penalty(spatial_jacobian(u, xy))
            loss = sim + args.alpha * fold
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"level {level} ({fix.shape[-1]}px) 1-ncc {sim.item():.4f} folding {fold.item():.5f}")
    return getattr(model, "_orig_mod", model)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=32)
    ap.add_argument("--levels", type=int, default=2)
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--points", type=int, default=256)
    ap.add_argument("--n-freq", type=int, default=16)
    ap.add_argument("--width", type=int, default=48)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--compile", type=int, default=1)
    ap.add_argument("--compile-backend", default="eager")
    args = ap.parse_args()

    torch.manual_seed(0)
    fixed, moving = synthetic_pair(args.size)
    inr = register(fixed, moving, args)
    torch.save(inr.state_dict(), "/dev/null")
    print("saved displacement INR with", sum(p.numel() for p in inr.parameters()), "parameters")
