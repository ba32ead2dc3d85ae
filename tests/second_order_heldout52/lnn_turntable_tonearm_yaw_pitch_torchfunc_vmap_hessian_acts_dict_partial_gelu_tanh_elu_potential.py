"""Lagrangian neural network for a turntable tonearm (yaw across the record, pitch over warps).

The generalised coordinates are q = (phi, theta): tonearm yaw and pitch. A network L_theta(q, qdot) is turned
into accelerations with the Euler-Lagrange equation
    qddot = (d2L/dqdot2)^-1 (dL/dq - d2L/dq dqdot . qdot)
using torch.func (hessian, jacfwd over jacrev, grad) on a functional_call of the module, vmapped over the batch.
Targets come from the analytic tonearm model with a small unmodelled bearing friction.
"""
import argparse
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, hessian, jacfwd, jacrev, vmap

ACTS = {
    "gelu_tanh": partial(F.gelu, approximate="tanh"),
    "elu": F.elu,
    "softplus": F.softplus,
    "relu6": F.relu6,
    "tanh": torch.tanh,
}


@dataclass
class TonearmConfig:
    hidden: int = 64
    kinetic_act: str = "gelu_tanh"
    potential_act: str = "elu"
    batch: int = 96
    steps: int = 3
    lr: float = 2e-3
    # physical constants of the reference arm (SI, effective)
    I_yaw: float = 1.6e-3
    I_cross: float = 4.0e-4
    I_pitch: float = 1.1e-3
    skate_torque: float = 2.0e-4
    cantilever_k: float = 3.0e-3
    mgl: float = 2.5e-3


class TonearmLagrangian(nn.Module):
    def __init__(self, cfg: TonearmConfig):
        super().__init__()
        h = cfg.hidden
        self.sin_in = nn.Linear(2, h)
        self.cos_in = nn.Linear(2, h, bias=False)
        self.vel_in = nn.Linear(2, h, bias=False)
        self.mid = nn.Linear(h, h)
        self.out = nn.Linear(h, 1)
        self.kin_act = ACTS[cfg.kinetic_act]
        self.pot_in = nn.Linear(2, h // 2)
        self.pot_out = nn.Linear(h // 2, 1)
        self.pot_act = ACTS[cfg.potential_act]
        self.log_m0 = nn.Parameter(torch.full((2,), -6.5))

    def potential(self, q):
        return self.pot_out(self.pot_act(self.pot_in(torch.cos(q)))).squeeze(-1)

    def forward(self, q, qd):
        h = self.kin_act(self.sin_in(torch.sin(q)) + self.cos_in(torch.cos(q)) + self.vel_in(qd))
        h = self.kin_act(self.mid(h))
        base = 0.5 * (torch.exp(self.log_m0) * qd * qd).sum(-1)
        return 1e-3 * self.out(h).squeeze(-1) + base - 1e-3 * self.potential(q)


class BearingFriction(nn.Module):
    """Fixed random 'unmodelled' friction used only to corrupt the targets."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, 8), nn.Hardswish(), nn.Linear(8, 2))

    def forward(self, qd):
        return 1e-3 * self.net(qd)


def analytic_accel(q, qd, c: TonearmConfig):
    phi, th = q[:, 0], q[:, 1]
    phid, thd = qd[:, 0], qd[:, 1]
    s, co = torch.sin(th), torch.cos(th)
    m_yaw = c.I_yaw + c.I_cross * s * s
    phidd = (-c.skate_torque - c.cantilever_k * phi - 2 * c.I_cross * s * co * thd * phid) / m_yaw
    thdd = (c.I_cross * s * co * phid ** 2 - c.mgl * torch.sin(th)) / c.I_pitch
    return torch.stack([phidd, thdd], dim=1)


def make_accel_fn(model):
    def lagrangian(params, q, qd):
        return functional_call(model, params, (q, qd))

    def accel(params, q, qd):
        M = hessian(lagrangian, argnums=2)(params, q, qd)
        mixed = jacfwd(jacrev(lagrangian, argnums=2), argnums=1)(params, q, qd)
        dLdq = grad(lagrangian, argnums=1)(params, q, qd)
        return torch.linalg.solve(M, dLdq - mixed @ qd)

    return vmap(accel, in_dims=(None, 0, 0))


def energy(model, params, q, qd):
    dLdqd = vmap(jacrev(lambda a, b: functional_call(model, params, (a, b)), argnums=1))(q, qd)
    return (dLdqd * qd).sum(-1) - vmap(lambda a, b: functional_call(model, params, (a, b)))(q, qd)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=TonearmConfig.steps)
    ap.add_argument("--kinetic-act", default=TonearmConfig.kinetic_act, choices=sorted(ACTS))
    args = ap.parse_args()
    cfg = TonearmConfig(steps=args.steps, kinetic_act=args.kinetic_act)
    torch.manual_seed(0)

    model, friction = TonearmLagrangian(cfg), BearingFriction()
    accel_fn = make_accel_fn(model)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        q = torch.stack([torch.empty(cfg.batch).uniform_(-0.4, 0.4), torch.empty(cfg.batch).uniform_(-0.05, 0.05)], 1)
        qd = 0.3 * torch.randn(cfg.batch, 2)
        with torch.no_grad():
            target = analytic_accel(q, qd, cfg) - friction(qd)
        params = dict(model.named_parameters())
        pred = accel_fn(params, q, qd)
        loss = F.mse_loss(pred, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            e = energy(model, {k: v.detach() for k, v in params.items()}, q, qd)
        print(f"step {step}  accel mse {loss.item():.4e}  energy spread {e.std().item():.3e}")


if __name__ == "__main__":
    main()
