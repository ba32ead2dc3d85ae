"""Acrobot swing-up through a learned Hamiltonian.

Phase 1 fits a structured Hamiltonian network H(q, p) = 1/2 p^T M^-1(q) p + V(q) to vector-field samples of the
true two-link arm (HNN loss on dH/ds, create_graph=True). Phase 2 freezes H and trains a policy by
backpropagating a swing-up cost through an Euler rollout whose vector field is J dH/ds + B u.
"""
import argparse
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Config:
    dof: int = 2
    hidden: int = 32
    potential_act: str = "tanh"
    hnn_steps: int = 3
    policy_steps: int = 2
    horizon: int = 12
    dt: float = 0.05
    batch: int = 16
    u_max: float = 2.0
    lr: float = 1e-3


POTENTIAL_ACTS = {"tanh": nn.Tanh, "softplus": nn.Softplus, "gelu_tanh": lambda: nn.GELU(approximate="tanh")}


def trig(q):
    return torch.cat([torch.cos(q), torch.sin(q)], dim=-1)


class HamiltonianNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.dof = cfg.dof
        act = POTENTIAL_ACTS[cfg.potential_act]
        self.chol = nn.Sequential(nn.Linear(2 * cfg.dof, cfg.hidden), nn.Tanh(), nn.Linear(cfg.hidden, 3))
        self.potential = nn.Sequential(nn.Linear(2 * cfg.dof, cfg.hidden), act(), nn.Linear(cfg.hidden, cfg.hidden),
                                       act(), nn.Linear(cfg.hidden, 1))

    def inverse_mass(self, q):
        a, b, c = self.chol(trig(q)).unbind(-1)
        low = torch.stack([F.softplus(a) + 0.1, torch.zeros_like(a), b, F.softplus(c) + 0.1], -1).view(-1, 2, 2)
        return low @ low.transpose(1, 2)

    def forward(self, state):
        q = torch.narrow(state, -1, 0, self.dof)
        p = torch.narrow(state, -1, self.dof, self.dof)
        kinetic = 0.5 * (p[:, None, :] @ self.inverse_mass(q) @ p[:, :, None]).view(-1)
        return kinetic + self.potential(trig(q)).view(-1)


def symplectic_field(h_fn, state, create_graph):
    """ds/dt = J dH/ds with J = [[0, I], [-I, 0]]."""
    (dh,) = torch.autograd.grad(h_fn(state).sum(), state, create_graph=create_graph)
    half = dh.shape[-1] // 2
    return torch.cat([dh[:, half:], -dh[:, :half]], dim=-1)


def true_acrobot_h(state, m=(1.0, 1.0), l=(1.0, 1.0), g=9.81):
    q1, q2, p1, p2 = state.unbind(-1)
    m11 = (m[0] + m[1]) * l[0] ** 2 + m[1] * l[1] ** 2 + 2 * m[1] * l[0] * l[1] * torch.cos(q2)
    m12 = m[1] * l[1] ** 2 + m[1] * l[0] * l[1] * torch.cos(q2)
    m22 = torch.full_like(q2, m[1] * l[1] ** 2)
    det = m11 * m22 - m12 ** 2
    kinetic = 0.5 * (m22 * p1 ** 2 - 2 * m12 * p1 * p2 + m11 * p2 ** 2) / det
    potential = -(m[0] + m[1]) * g * l[0] * torch.cos(q1) - m[1] * g * l[1] * torch.cos(q1 + q2)
    return kinetic + potential


class Policy(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.u_max = cfg.u_max
        self.net = nn.Sequential(nn.Linear(3 * cfg.dof, cfg.hidden), nn.PReLU(), nn.Linear(cfg.hidden, 1))

    def forward(self, state):
        q, p = state[:, :2], state[:, 2:]
        return self.u_max * torch.tanh(self.net(torch.cat([trig(q), p], dim=-1)))


def rollout_cost(h_net, policy, cfg):
    state = torch.cat([0.2 * torch.randn(cfg.batch, 2), 0.1 * torch.randn(cfg.batch, 2)], dim=-1).requires_grad_(True)
    tip_heights = []
    for _ in range(cfg.horizon):
        u = policy(state)
        drift = symplectic_field(h_net, state, create_graph=True)
        state = state + cfg.dt * (drift + torch.cat([torch.zeros_like(u), torch.zeros_like(u), torch.zeros_like(u), u], -1))
        tip_heights.append(-torch.cos(state[:, 0]) - torch.cos(state[:, 0] + state[:, 1]))
    heights = torch.stack(tip_heights, dim=1)
    return F.smooth_l1_loss(heights, torch.full_like(heights, 2.0))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hnn-steps", type=int, default=None)
    args = parser.parse_args()
    cfg = Config()
    if args.hnn_steps:
        cfg.hnn_steps = args.hnn_steps
    torch.manual_seed(0)
    h_net = HamiltonianNet(cfg)
    opt_h = torch.optim.Adam(h_net.parameters(), lr=cfg.lr)
    for step in range(cfg.hnn_steps):
        s = torch.cat([(torch.rand(64, 2) * 2 - 1) * math.pi, 2 * torch.randn(64, 2)], -1).requires_grad_(True)
        target = symplectic_field(true_acrobot_h, s, create_graph=False).detach()
        loss = F.mse_loss(symplectic_field(h_net, s, create_graph=True), target)
        opt_h.zero_grad()
        loss.backward()
        opt_h.step()
        print(f"hnn {step}: vector-field mse {loss.item():.4f}")
    h_net.requires_grad_(False)
    policy = Policy(cfg)
    opt_p = torch.optim.Adam(policy.parameters(), lr=cfg.lr)
    for step in range(cfg.policy_steps):
        cost = rollout_cost(h_net, policy, cfg)
        opt_p.zero_grad()
        cost.backward()
        opt_p.step()
        print(f"policy {step}: swing-up cost {cost.item():.4f}")


if __name__ == "__main__":
    main()
