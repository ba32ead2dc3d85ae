"""Lagrangian neural network (Cranmer et al. 2020): accelerations from the Hessian of a learned Lagrangian via torch.func.hessian and jacrev."""
import torch
from torch import nn
from torch.func import hessian, jacrev, vmap


class Lagrangian(nn.Module):
    def __init__(self, dof=2, width=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(2 * dof, width), nn.Softplus(),
            nn.Linear(width, width), nn.GELU(approximate="tanh"),
            nn.Linear(width, 1),
        )

    def forward(self, q, qdot):
        return self.net(torch.cat([q, qdot], -1)).squeeze(-1)


def accelerations(lag, q, qdot):
    def L(qi, qdi):
        return lag(qi, qdi)

    H_vv = vmap(hessian(L, argnums=1))(q, qdot)
    dL_dq = vmap(jacrev(L, argnums=0))(q, qdot)
    H_qv = vmap(jacrev(jacrev(L, argnums=1), argnums=0))(q, qdot)
    rhs = dL_dq - (H_qv @ qdot.unsqueeze(-1)).squeeze(-1)
    return torch.linalg.solve(H_vv, rhs)


def train(loader, epochs=50):
    lag = Lagrangian()
    opt = torch.optim.Adam(lag.parameters(), lr=1e-3)
    for _ in range(epochs):
        for q, qdot, qddot in loader:
            loss = (accelerations(lag, q, qdot) - qddot).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
