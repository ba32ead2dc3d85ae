"""Near-incompressible surface-current field for a lake from GPS drifter tracks.

Drifters released from a research vessel report (easting, northing, hour, u, v). A small network
u_theta(x, y, t) is fitted to the reported velocities, and the horizontal divergence
du/dx + dv/dy (obtained from per-point Jacobians with torch.func.vmap(jacrev)) is penalised,
since the surface flow away from river inflows is close to non-divergent.
"""
import argparse
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import jacrev, vmap

ACT_TABLE = {
    "gelu_tanh": partial(F.gelu, approximate="tanh"),
    "softsign": F.softsign,
    "sin": torch.sin,
}


class TimeEmbedding(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(1, 16)
        self.fc2 = nn.Linear(16, dim)

    def forward(self, t):
        return self.fc2(F.elu(self.fc1(t[..., None] / 24.0)))


class CurrentField(nn.Module):
    def __init__(self, hidden=32, depth=2, act="gelu_tanh"):
        super().__init__()
        self.inp = nn.Linear(2, hidden)
        self.temb = TimeEmbedding(hidden)
        self.hidden = nn.ModuleList([nn.Linear(hidden, hidden) for _ in range(depth)])
        self.gate_proj = nn.Linear(hidden, 2 * hidden)
        self.glu = nn.GLU(dim=-1)
        self.out = nn.Linear(hidden, 2)
        self.act = ACT_TABLE[act]

    def forward(self, pos, t):
        h = self.act(self.inp(pos) + self.temb(t))
        for lin in self.hidden:
            h = h + self.act(lin(h))
        h = self.glu(self.gate_proj(h))
        return self.out(h)


def velocity_jacobians(field, pos, t):
    """J[b] = d u(pos_b, t_b) / d pos_b, shape [B, 2, 2]."""
    single = lambda p, tt: field(p.unsqueeze(0), tt.unsqueeze(0)).squeeze(0)
    return vmap(jacrev(single, argnums=0))(pos, t)


def drifter_batch(n, gen):
    pos = torch.rand(n, 2, generator=gen) * 2 - 1
    t = torch.rand(n, generator=gen) * 24
    # a wind-driven gyre plus a weak inflow jet near the west shore
    u = -pos[:, 1] + 0.3 * torch.exp(-((pos[:, 0] + 0.9) ** 2) / 0.02)
    v = pos[:, 0] + 0.05 * torch.sin(6.283 * t / 24)
    vel = torch.stack([u, v], dim=1) + 0.02 * torch.randn(n, 2, generator=gen)
    return pos, t, vel


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--act", default="gelu_tanh", choices=sorted(ACT_TABLE))
    ap.add_argument("--div-weight", type=float, default=0.2)
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--batch", type=int, default=64)
    args = ap.parse_args()
    gen = torch.Generator().manual_seed(31)
    field = CurrentField(act=args.act)
    opt = torch.optim.Adam(field.parameters(), lr=2e-3)
    for step in range(args.steps):
        pos, t, vel = drifter_batch(args.batch, gen)
        pred = field(pos, t)
        fit = F.huber_loss(pred, vel, delta=0.1)
        jac = velocity_jacobians(field, pos, t)
        div = vmap(torch.trace)(jac)
        div_pen = F.smooth_l1_loss(div, torch.zeros_like(div), beta=0.05)
        loss = fit + args.div_weight * div_pen
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            vort = (jac[:, 1, 0] - jac[:, 0, 1]).mean()
        print(f"step {step} fit {fit.item():.4f} |div| {div.abs().mean().item():.3f} vort {vort.item():.3f}")


if __name__ == "__main__":
    main()
