"""Physics-informed inverse model of a Tibetan singing bowl's fundamental partial.

The rim displacement u(t) and velocity v(t) of one partial obey a damped oscillator:
    du/dt = v,    dv/dt = -2 zeta omega v - omega^2 u
A small MLP maps time to the state (u, v); omega and zeta are learned from a sparse, noisy contact-mic trace.
The ODE residual needs d(state)/dt through autograd.grad(create_graph=True), so the optimiser step
differentiates the network twice.
"""
import argparse
import logging
import math
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("bowl_pinn")


class Sine(nn.Module):
    def forward(self, x):
        return torch.sin(x)


ACTS = {
    "tanh": nn.Tanh,
    "selu": nn.SELU,
    "hardswish": nn.Hardswish,
    "sine": Sine,
}


class FourierTime(nn.Module):
    def __init__(self, n_freq=4, scale=6.0):
        super().__init__()
        self.register_buffer("freqs", scale * torch.arange(1, n_freq + 1).float())

    def forward(self, t):
        return torch.cat([t, torch.sin(t * self.freqs), torch.cos(t * self.freqs)], dim=1)


class StateNet(nn.Module):
    """Shared trunk, then the features are split into a displacement half and a velocity half."""

    def __init__(self, cfg):
        super().__init__()
        layers, width_in = [FourierTime(cfg.n_freq)], 1 + 2 * cfg.n_freq
        for _ in range(cfg.depth):
            layers += [nn.Linear(width_in, cfg.width), ACTS[cfg.act]()]
            width_in = cfg.width
        self.trunk = nn.Sequential(*layers)
        self.half = cfg.width // 2
        self.head_u = nn.Linear(self.half, 1)
        self.head_v = nn.Linear(self.half, 1)

    def forward(self, t):
        h = self.trunk(t)
        h_u = torch.narrow(h, 1, 0, self.half)
        h_v = torch.narrow(h, 1, self.half, self.half)
        return self.head_u(h_u), self.head_v(h_v)


class OscillatorPhysics(nn.Module):
    def __init__(self, omega0, zeta0):
        super().__init__()
        self.log_omega = nn.Parameter(torch.tensor(math.log(omega0)))
        self.log_zeta = nn.Parameter(torch.tensor(math.log(zeta0)))

    def residual(self, model, t):
        t = t.requires_grad_(True)
        u, v = model(t)
        du = torch.autograd.grad(u.sum(), t, create_graph=True)[0]
        dv = torch.autograd.grad(v.sum(), t, create_graph=True)[0]
        omega, zeta = self.log_omega.exp(), self.log_zeta.exp()
        return du - v, dv + 2 * zeta * omega * v + omega ** 2 * u


def residual_loss(r1, r2, kind):
    if kind == "smooth_l1":
        return F.smooth_l1_loss(r1, torch.zeros_like(r1)) + F.smooth_l1_loss(r2, torch.zeros_like(r2))
    return r1.pow(2).mean() + r2.pow(2).mean()


def record_bowl(n_obs, gen, omega=9.0, zeta=0.04, noise=0.02):
    t = torch.sort(torch.rand(n_obs, 1, generator=gen), dim=0).values
    u = torch.exp(-zeta * omega * t) * torch.cos(omega * math.sqrt(1 - zeta ** 2) * t)
    return t, u + noise * torch.randn(n_obs, 1, generator=gen)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--act", default="selu", choices=sorted(ACTS))
    args = ap.parse_args()
    cfg = SimpleNamespace(n_freq=4, depth=3, width=32, act=args.act, residual="mse", w_phys=0.1, w_ic=1.0,
                          n_colloc=64, n_obs=24, lr=2e-3)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(3)

    t_obs, u_obs = record_bowl(cfg.n_obs, gen)
    model, physics = StateNet(cfg), OscillatorPhysics(omega0=6.0, zeta0=0.1)
    opt = torch.optim.Adam(list(model.parameters()) + list(physics.parameters()), lr=cfg.lr)

    for step in range(args.steps):
        t_col = torch.rand(cfg.n_colloc, 1, generator=gen)
        r1, r2 = physics.residual(model, t_col)
        loss_phys = residual_loss(r1, r2, cfg.residual)
        u_pred, _ = model(t_obs)
        loss_data = F.smooth_l1_loss(u_pred, u_obs, beta=0.05)
        u0, v0 = model(torch.zeros(1, 1))
        loss_ic = (u0 - 1.0).pow(2).mean() + v0.pow(2).mean()
        loss = loss_data + cfg.w_phys * loss_phys + cfg.w_ic * loss_ic
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0 or step == args.steps - 1:
            log.info("step %3d data %.4f phys %.4f omega %.3f zeta %.4f", step, loss_data.item(), loss_phys.item(),
                     physics.log_omega.exp().item(), physics.log_zeta.exp().item())
    assert model.trunk[1].weight.grad is not None


if __name__ == "__main__":
    main()
