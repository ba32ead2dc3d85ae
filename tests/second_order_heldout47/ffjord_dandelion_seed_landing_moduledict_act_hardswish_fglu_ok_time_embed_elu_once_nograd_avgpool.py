"""FFJORD-style continuous normalising flow for dandelion seed landing positions (wind-tunnel runs).

Seeds are released from a pappus-height stalk and land on a 2-D floor grid; the landing pattern is a
skewed, bimodal plume downwind of the stalk.  The CNF integrates the augmented state
(z, log-density) from data (t=0) to a standard normal (t=1) with fixed-step RK4; the divergence of
the vector field is estimated with Hutchinson probes e^T (df/dz) e, taken with create_graph=True so
that the NLL (and the RNODE Frobenius term) can be trained through it.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "hidden": 32,
    "act": "hswish",
    "rk4_steps": 4,
    "batch": 128,
    "iters": 5,
    "lr": 3e-3,
    "kinetic_weight": 0.01,
    "frobenius_weight": 0.01,
}


class SeedDriftField(nn.Module):
    def __init__(self, dim, hidden, act):
        super().__init__()
        self.acts = nn.ModuleDict({
            "hswish": nn.Hardswish(),
            "tanh": nn.Tanh(),
            "elu": nn.ELU(),
        })
        self.act = act
        self.time_embed = nn.Linear(1, hidden)
        self.inp = nn.Linear(dim, hidden)
        self.mid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 2 * dim)

    def forward(self, t, z):
        temb = F.elu(self.time_embed(t.expand(z.shape[0], 1)))
        h = self.acts[self.act](self.inp(z) + temb)
        h = self.acts[self.act](self.mid(h))
        return F.glu(self.out(h), dim=-1)


def hutchinson_divergence(f, z, e):
    (e_jac,) = torch.autograd.grad(f, z, e, create_graph=True)
    return (e_jac * e).sum(dim=1), e_jac


def augmented_dynamics(field, t, z, e):
    f = field(t, z)
    div, e_jac = hutchinson_divergence(f, z, e)
    return f, div, e_jac.pow(2).sum(dim=1), f.pow(2).sum(dim=1)


def integrate(field, x, steps):
    """RK4 from t=0 to t=1; returns z(1), integral of div f, and the RNODE regularisers."""
    z = x.requires_grad_(True)
    e = torch.randn_like(x)
    int_div = x.new_zeros(x.shape[0])
    frob = x.new_zeros(x.shape[0])
    kin = x.new_zeros(x.shape[0])
    dt = 1.0 / steps
    for k in range(steps):
        t0 = torch.full((1, 1), k * dt)
        k1, d1, j1, v1 = augmented_dynamics(field, t0, z, e)
        k2, d2, _, _ = augmented_dynamics(field, t0 + dt / 2, z + dt / 2 * k1, e)
        k3, d3, _, _ = augmented_dynamics(field, t0 + dt / 2, z + dt / 2 * k2, e)
        k4, d4, _, _ = augmented_dynamics(field, t0 + dt, z + dt * k3, e)
        z = z + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        int_div = int_div + dt / 6 * (d1 + 2 * d2 + 2 * d3 + d4)
        frob, kin = frob + dt * j1, kin + dt * v1
    return z, int_div, frob, kin


def seed_landings(n, gen):
    downwind = torch.rand(n, generator=gen) < 0.7
    r = torch.where(downwind, 1.5 + 0.5 * torch.randn(n, generator=gen).abs(), 0.4 * torch.rand(n, generator=gen))
    theta = 0.35 * torch.randn(n, generator=gen)
    pos = torch.stack([r * torch.cos(theta), r * torch.sin(theta) + 0.1 * torch.randn(n, generator=gen)], 1)
    return (pos - pos.mean(0)) / pos.std(0)


@torch.no_grad()
def landing_density_map(x, bins=16):
    """Coarse landing-density image for the run log (smoothed with a 2x2 average pool)."""
    ix = ((x.clamp(-3, 2.99) + 3) / 6 * bins).long()
    grid = torch.zeros(bins * bins).index_add_(0, ix[:, 0] * bins + ix[:, 1], torch.ones(len(x)))
    return F.avg_pool2d(grid.view(1, 1, bins, bins), 2).squeeze()


def main(cfg=CONFIG):
    gen = torch.Generator().manual_seed(5)
    data = seed_landings(2048, gen)
    field = SeedDriftField(2, cfg["hidden"], cfg["act"])
    opt = torch.optim.Adam(field.parameters(), lr=cfg["lr"])
    for it in range(cfg["iters"]):
        x = data[torch.randint(0, len(data), (cfg["batch"],), generator=gen)].clone()
        z1, int_div, frob, kin = integrate(field, x, cfg["rk4_steps"])
        log_pz1 = -0.5 * z1.pow(2).sum(1) - math.log(2 * math.pi)
        nll = -(log_pz1 + int_div).mean()
        loss = nll + cfg["kinetic_weight"] * kin.mean() + cfg["frobenius_weight"] * frob.mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}  nll {nll.item():.3f}  kinetic {kin.mean().item():.3f}  frob {frob.mean().item():.3f}")
    dens = landing_density_map(data)
    print("peak landing cell share:", round(dens.max().item() / dens.sum().item(), 3))


if __name__ == "__main__":
    main()
