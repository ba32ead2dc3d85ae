"""Lagrangian neural network for the sway of a rope footbridge, modelled as a double pendulum.

L(q, qdot) is learned; accelerations come from the Euler-Lagrange equation
    qddot = H_{qdot qdot}^{-1} (dL/dq - H_{qdot q} qdot)
computed per sample with torch.func (vmap over hessian / jacrev), and the loss on qddot is
back-propagated into the parameters of L (third-order derivatives of the network).
"""
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, hessian, jacrev, vmap


@dataclass
class LNNConfig:
    dof: int = 2
    hidden: int = 32
    depth: int = 2
    lr: float = 1e-3


class LagrangianNet(nn.Module):
    def __init__(self, dof, hidden, depth):
        super().__init__()
        dims = [2 * dof] + [hidden] * depth
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.out = nn.Linear(hidden, 1)

    @classmethod
    def from_config(cls, cfg: LNNConfig):
        return cls(cfg.dof, cfg.hidden, cfg.depth)

    def forward(self, state):
        h = state
        for layer in self.layers:
            h = F.gelu(layer(h), approximate="tanh")
        return F.softplus(self.out(h)).squeeze(-1)


def euler_lagrange(model, params, q, qd):
    dof = q.shape[-1]

    def lag(x):
        return functional_call(model, params, (x,))

    def accel(q1, qd1):
        x = torch.cat([q1, qd1])
        hess = hessian(lag)(x)
        grad = jacrev(lag)(x)
        h_vv = hess[dof:, dof:] + 1e-3 * torch.eye(dof)
        h_vq = hess[dof:, :dof]
        rhs = grad[:dof] - h_vq @ qd1
        return torch.linalg.solve(h_vv, rhs)

    return vmap(accel)(q, qd)


def true_accel(q, qd, g=9.81):
    # small-angle coupled pendulum surrogate for the bridge deck
    return torch.stack([-g * torch.sin(q[:, 0]) + 0.5 * (q[:, 1] - q[:, 0]),
                        -g * torch.sin(q[:, 1]) - 0.5 * (q[:, 1] - q[:, 0])], dim=-1) - 0.05 * qd


def main():
    torch.manual_seed(0)
    cfg = LNNConfig()
    model = LagrangianNet.from_config(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for it in range(3):
        q = (torch.rand(16, cfg.dof) - 0.5) * math.pi / 4
        qd = torch.randn(16, cfg.dof) * 0.3
        params = dict(model.named_parameters())
        pred = euler_lagrange(model, params, q, qd)
        loss = F.mse_loss(pred, true_accel(q, qd))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, round(loss.item(), 4))


if __name__ == "__main__":
    main()
