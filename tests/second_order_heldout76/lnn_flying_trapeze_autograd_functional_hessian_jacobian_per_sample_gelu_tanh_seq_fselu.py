"""Lagrangian neural network for a flying-trapeze swing (bar angle + flyer hip angle).

The learned Lagrangian L(q, qdot) gives accelerations through the Euler-Lagrange equation
    qdd = (d2L/dqd2)^-1 (dL/dq - d2L/(dq dqd) qd),
with the Hessian / Jacobian from torch.autograd.functional (create_graph=True, per sample).
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hessian, jacobian

log = logging.getLogger("trapeze_lnn")


class LagrangianNet(nn.Module):
    def __init__(self, dof=2, hidden=48):
        super().__init__()
        self.dof = dof
        self.body = nn.Sequential(
            nn.Linear(3 * dof, hidden),
            nn.GELU(approximate="tanh"),
            nn.Linear(hidden, hidden),
        )
        self.head = nn.Linear(hidden, 1)

    def forward(self, state):
        q, qd = state[..., :self.dof], state[..., self.dof:]
        feats = torch.cat([torch.sin(q), torch.cos(q), qd], -1)
        return self.head(F.selu(self.body(feats))).squeeze(-1)


def euler_lagrange_accel(lnn, state, create_graph=True):
    """Per-sample Euler-Lagrange solve; returns (B, dof) accelerations."""
    d = lnn.dof
    out = []
    for s in state:
        H = hessian(lnn, s, create_graph=create_graph)           # (2d, 2d)
        g = jacobian(lnn, s, create_graph=create_graph)          # (2d,)
        M = H[d:, d:] + 1e-3 * torch.eye(d)
        C = H[d:, :d]
        rhs = g[:d] - C @ s[d:]
        out.append(torch.linalg.solve(M, rhs))
    return torch.stack(out)


def trapeze_truth(state, g=9.81, l1=2.0, l2=0.9, m1=1.0, m2=60.0):
    """Double pendulum accelerations (bar + flyer), used to label the training states."""
    th1, th2, w1, w2 = state.unbind(-1)
    delta = th1 - th2
    den = 2 * m1 + m2 - m2 * torch.cos(2 * delta)
    a1 = (-g * (2 * m1 + m2) * torch.sin(th1) - m2 * g * torch.sin(th1 - 2 * th2)
          - 2 * torch.sin(delta) * m2 * (w2 ** 2 * l2 + w1 ** 2 * l1 * torch.cos(delta))) / (l1 * den)
    a2 = (2 * torch.sin(delta) * (w1 ** 2 * l1 * (m1 + m2) + g * (m1 + m2) * torch.cos(th1)
          + w2 ** 2 * l2 * m2 * torch.cos(delta))) / (l2 * den)
    return torch.stack([a1, a2], -1)


def energy_estimate(lnn, state):
    """E = qd . dL/dqd - L, logged only (first order, no graph kept)."""
    d = lnn.dof
    g = torch.stack([jacobian(lnn, s) for s in state])
    return ((state[:, d:] * g[:, d:]).sum(-1) - lnn(state)).detach()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=6)
    p.add_argument("--batch", type=int, default=12)
    p.add_argument("--lr", type=float, default=1e-3)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    lnn = LagrangianNet()
    opt = torch.optim.Adam(lnn.parameters(), lr=args.lr)
    for step in range(args.steps):
        state = torch.cat([0.6 * torch.randn(args.batch, 2), 1.5 * torch.randn(args.batch, 2)], -1)
        target = trapeze_truth(state)
        pred = euler_lagrange_accel(lnn, state)
        loss = ((pred - target) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(lnn.parameters(), 10.0)
        opt.step()
        E = energy_estimate(lnn, state[:4])
        log.info("step %d accel mse %.3f energy spread %.4f", step, loss.item(), E.std().item())
    assert lnn.body[0].weight.grad is not None and lnn.body[0].weight.grad.abs().sum() > 0


if __name__ == "__main__":
    main()
