"""Contractive one-step dynamics model of jellyfish bell-pulse kinematics (bell margin markers from tank video).

The model maps the 6-d state (bell radius, radial velocity, margin angle, its rate, thrust proxy, phase) to the next
state. To keep long rollouts stable its one-step Jacobian is pushed below a spectral radius `rho`: the top right
singular vector is tracked by power iteration (vjp after jvp, no graph), and the penalty is on ||J v|| computed with
torch.func.jvp, which the optimiser differentiates w.r.t. the weights.
"""
import argparse
import logging
import math
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import jvp, vjp

log = logging.getLogger("jelly_dyn")


class BellDynamics(nn.Module):
    def __init__(self, state_dim=6, hidden=32, dt=0.05):
        super().__init__()
        self.dt = dt
        self.inp = nn.Linear(state_dim, hidden)
        self.mid = nn.Linear(hidden, hidden)
        self.sparse = nn.Softshrink(0.05)
        self.radius = nn.Parameter(torch.tensor(2.0))
        self.out = nn.Linear(hidden, state_dim)

    def forward(self, s):
        h = torch.tanh(self.inp(s))
        h = self.sparse(self.mid(h))
        h = F.normalize(h, dim=-1) * self.radius
        return s + self.dt * self.out(h)


@torch.no_grad()
def power_iteration(model, s, v, iters=3):
    """Top right singular vector of the per-sample one-step Jacobian (no graph is kept)."""
    for _ in range(iters):
        _, jv = jvp(model, (s,), (v,))
        _, vjp_fn = vjp(model, s)
        v, = vjp_fn(jv)
        v = v / v.norm(dim=-1, keepdim=True).clamp_min(1e-8)
    return v


def spectral_penalty(model, s, v, rho):
    _, jv = jvp(model, (s,), (v,))
    gain = jv.norm(dim=-1) / v.norm(dim=-1)
    return F.relu(gain - rho).pow(2).mean(), gain.detach()


def rollout_loss(model, traj, horizon):
    s = traj[:, 0]
    loss = 0.0
    for t in range(1, horizon + 1):
        s = model(s)
        loss = loss + F.smooth_l1_loss(s, traj[:, t], beta=0.1)
    return loss / horizon


@torch.no_grad()
def bell_pulse_trajectories(n, length, dt=0.05):
    """Relaxation oscillator caricature of the swimming cycle, with per-animal frequency."""
    omega = 2 * math.pi * (0.8 + 0.4 * torch.rand(n, 1))
    t = torch.arange(length + 1).float()[None, :] * dt
    phase = omega * t + 2 * math.pi * torch.rand(n, 1)
    radius = 1.0 + 0.25 * torch.cos(phase) - 0.05 * torch.cos(2 * phase)
    vel = torch.gradient(radius, spacing=dt, dim=1)[0]
    angle = 0.6 * torch.sin(phase + 0.4)
    angle_rate = torch.gradient(angle, spacing=dt, dim=1)[0]
    thrust = F.relu(-vel)
    traj = torch.stack([radius, vel, angle, angle_rate, thrust, torch.sin(phase)], dim=-1)
    return traj + 0.01 * torch.randn_like(traj)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=4)
    args = parser.parse_args()
    hp = SimpleNamespace(batch=16, horizon=4, rho=0.98, penalty=1.0, lr=1e-3, power_iters=3)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    model = BellDynamics()
    opt = torch.optim.Adam(model.parameters(), lr=hp.lr)
    v = torch.randn(hp.batch, 6)
    for step in range(args.steps):
        traj = bell_pulse_trajectories(hp.batch, hp.horizon)
        s0 = traj[:, 0]
        v = power_iteration(model, s0, v, hp.power_iters)
        pen, gain = spectral_penalty(model, s0, v, hp.rho)
        fit = rollout_loss(model, traj, hp.horizon)
        loss = fit + hp.penalty * pen
        opt.zero_grad(set_to_none=True)
        loss.backward()
        assert model.inp.weight.grad is not None
        opt.step()
        log.info("step %d fit %.5f penalty %.5f max gain %.3f", step, fit.item(), pen.item(), gain.max().item())


if __name__ == "__main__":
    main()
