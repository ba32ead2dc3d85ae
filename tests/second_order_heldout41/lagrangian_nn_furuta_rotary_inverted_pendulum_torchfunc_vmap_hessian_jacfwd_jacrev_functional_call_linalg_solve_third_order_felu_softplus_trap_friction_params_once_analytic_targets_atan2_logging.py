"""Lagrangian neural network (Cranmer et al. 2020) for a Furuta (rotary inverted) pendulum rig.

The network outputs a scalar L(q, qdot); accelerations follow from the Euler-Lagrange equations

    (d2L/dqdot2) qddot = dL/dq - (d2L/dq dqdot) qdot + tau,

with tau the motor torque on the arm minus a learned viscous + Coulomb friction.  All derivatives are
taken with torch.func (jacrev / jacfwd / hessian over functional_call, vmapped over the batch), so a
training step differentiates the network three times.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, hessian, jacfwd, jacrev, vmap


class LagrangianMLP(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.fc1 = nn.Linear(6, width)
        self.fc2 = nn.Linear(width, width)
        self.fc3 = nn.Linear(width, 1)

    def forward(self, feats):
        h = F.softplus(self.fc1(feats))
        h = F.elu(self.fc2(h))
        return self.fc3(h)


def features(q, qd):
    return torch.cat([torch.cos(q), torch.sin(q), qd], dim=-1)


def furuta_lagrangian(q, qd, J1=0.02, J2=0.01, m=0.1, l=0.15, r=0.2, g=9.81):
    """Textbook Lagrangian of the rig, used only to make training targets."""
    th_d, al_d = qd[0], qd[1]
    al = q[1]
    T = 0.5 * (J1 + m * l ** 2 * torch.sin(al) ** 2) * th_d ** 2 + 0.5 * J2 * al_d ** 2 \
        + m * l * r * torch.cos(al) * th_d * al_d
    V = m * g * l * torch.cos(al)
    return T - V


def euler_lagrange(lag_fn, q, qd, tau, eps=1e-4):
    dL_dq = jacrev(lag_fn, argnums=0)(q, qd)
    M = hessian(lag_fn, argnums=1)(q, qd)
    C = jacfwd(jacrev(lag_fn, argnums=1), argnums=0)(q, qd)
    rhs = dL_dq - C @ qd + tau
    return torch.linalg.solve(M + eps * torch.eye(2), rhs)


class FurutaLNN(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.net = LagrangianMLP(width)
        self.log_visc = nn.Parameter(torch.tensor(math.log(0.01)))
        self.log_coul = nn.Parameter(torch.tensor(math.log(0.005)))

    def forward(self, q, qd, u):
        params = dict(self.net.named_parameters())

        def lag(q1, qd1):
            return functional_call(self.net, params, (features(q1, qd1),)).squeeze(-1)

        friction = self.log_visc.exp() * qd[:, 0] + self.log_coul.exp() * torch.tanh(qd[:, 0] / 0.05)
        tau = torch.stack([u - friction, torch.zeros_like(u)], dim=-1)
        return vmap(lambda a, b, c: euler_lagrange(lag, a, b, c))(q, qd, tau)


def make_batch(n):
    q = torch.stack([torch.rand(n) * 2 * math.pi - math.pi, torch.randn(n) * 0.5], dim=-1)
    qd = torch.randn(n, 2)
    u = 0.05 * torch.randn(n)
    tau = torch.stack([u - 0.02 * qd[:, 0], torch.zeros(n)], dim=-1)
    qdd = vmap(lambda a, b, c: euler_lagrange(furuta_lagrangian, a, b, c))(q, qd, tau)
    return q, qd, u, qdd.detach()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--width", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()
    torch.manual_seed(4)
    model = FurutaLNN(args.width)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for step in range(args.steps):
        q, qd, u, qdd_true = make_batch(args.batch)
        qdd = model(q, qd, u)
        loss = F.mse_loss(qdd, qdd_true)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            wrapped = torch.atan2(torch.sin(q[:, 1]), torch.cos(q[:, 1]))
            upright = (wrapped.abs() < 0.3).float().mean()
        print(f"step {step}: mse {loss.item():.4e}  b {model.log_visc.exp().item():.4f}  "
              f"c {model.log_coul.exp().item():.4f}  upright-frac {upright.item():.2f}")


if __name__ == "__main__":
    main()
