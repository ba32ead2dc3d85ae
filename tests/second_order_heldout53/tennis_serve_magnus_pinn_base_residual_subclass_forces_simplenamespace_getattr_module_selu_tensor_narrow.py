"""Physics-informed reconstruction of a tennis serve's ball flight.

Sparse camera tracks (court x/y) and radar heights are fitted by a network
r(t) = (x, y, z); the flight must satisfy  r'' = g + drag(r') + Magnus(omega x r').
The drag coefficient and the spin vector are identified jointly with the network.
"""
import sys
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = SimpleNamespace(
    net="ServeNet",
    act="selu",
    width=48,
    depth=3,
    n_freq=4,
    n_colloc=64,
    n_obs=16,
    flight_time=0.9,
    w_phys=1.0,
    lr=2e-3,
    steps=3,
)


class Sine(nn.Module):
    def forward(self, x):
        return torch.sin(x)


ACTIVATIONS = {"selu": nn.SELU, "tanh": nn.Tanh, "sine": Sine}


class FourierTime(nn.Module):
    def __init__(self, n_freq):
        super().__init__()
        self.register_buffer("k", torch.arange(1, n_freq + 1).float() * torch.pi)

    def forward(self, t):
        return torch.cat([t, torch.sin(self.k * t), torch.cos(self.k * t)], dim=-1)


class ServeNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        act = ACTIVATIONS[cfg.act]
        layers, d = [FourierTime(cfg.n_freq)], 1 + 2 * cfg.n_freq
        for _ in range(cfg.depth):
            layers += [nn.Linear(d, cfg.width), act()]
            d = cfg.width
        layers.append(nn.Linear(d, 3))
        self.net = nn.Sequential(*layers)

    def forward(self, t):
        return self.net(t)


class ResidualServeNet(ServeNet):
    def forward(self, t):
        return self.net(t) + torch.cat([t, t, t], dim=-1)


def d_dt(y, t):
    return torch.autograd.grad(y.sum(), t, create_graph=True)[0]


class BallisticPINN(nn.Module):
    """Base class: kinematics by automatic differentiation, forces supplied by subclasses."""

    gravity = torch.tensor([0.0, 0.0, -9.81])

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forces(self, vel):
        return self.gravity.expand_as(vel)

    def residual(self, t):
        t = t.requires_grad_(True)
        pos = self.net(t)
        vel = torch.cat([d_dt(pos[:, i], t) for i in range(3)], dim=1)
        vz = vel.narrow(1, 2, 1)
        acc = torch.cat([d_dt(vel[:, 0], t), d_dt(vel[:, 1], t), d_dt(vz, t)], dim=1)
        return acc - self.forces(vel)


class MagnusPINN(BallisticPINN):
    def __init__(self, net):
        super().__init__(net)
        self.log_kd = nn.Parameter(torch.tensor(-3.0))    # drag k_d = rho C_d A / 2m
        self.omega = nn.Parameter(torch.tensor([0.0, 10.0, 0.0]))  # topspin axis
        self.k_m = 1e-3

    def forces(self, vel):
        speed = vel.norm(dim=1, keepdim=True)
        drag = -torch.exp(self.log_kd) * speed * vel
        w = self.omega.expand_as(vel)
        cross = torch.stack([
            w[:, 1] * vel[:, 2] - w[:, 2] * vel[:, 1],
            w[:, 2] * vel[:, 0] - w[:, 0] * vel[:, 2],
            w[:, 0] * vel[:, 1] - w[:, 1] * vel[:, 0],
        ], dim=1)
        return super().forces(vel) + drag + self.k_m * cross


def simulate_serve(cfg, gen):
    """Ground truth by explicit Euler (topspin serve from 2.8 m)."""
    n = 400
    dt = cfg.flight_time / n
    r = torch.tensor([0.0, 0.0, 2.8])
    v = torch.tensor([45.0, 1.5, -4.0])
    traj = []
    for _ in range(n):
        traj.append(r.clone())
        a = torch.tensor([0.0, 0.0, -9.81]) - 0.02 * v.norm() * v
        r, v = r + dt * v, v + dt * a
    traj = torch.stack(traj)
    idx = torch.randperm(n, generator=gen)[: cfg.n_obs]
    t_obs = (idx.float() * dt).unsqueeze(1)
    return t_obs, traj[idx] + 0.01 * torch.randn(cfg.n_obs, 3, generator=gen)


def main(cfg=CFG):
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    net = getattr(sys.modules[__name__], cfg.net)(cfg)
    pinn = MagnusPINN(net)
    opt = torch.optim.Adam(pinn.parameters(), lr=cfg.lr)
    t_obs, r_obs = simulate_serve(cfg, gen)
    for step in range(cfg.steps):
        t_c = cfg.flight_time * torch.rand(cfg.n_colloc, 1, generator=gen)
        res = pinn.residual(t_c)
        l_phys = F.smooth_l1_loss(res, torch.zeros_like(res))
        pos = pinn.net(t_obs)
        l_track = (torch.narrow(pos, 1, 0, 2) - r_obs[:, :2]).pow(2).mean()
        l_radar = (pos[:, 2] - r_obs[:, 2]).pow(2).mean()
        loss = l_track + l_radar + cfg.w_phys * l_phys
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: track {l_track.item():.3f} radar {l_radar.item():.3f} "
              f"phys {l_phys.item():.3f} k_d {pinn.log_kd.exp().item():.4f}")


if __name__ == "__main__":
    main()
