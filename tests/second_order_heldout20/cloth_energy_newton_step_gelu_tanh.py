"""Learned cloth-patch elastic energy, trained through one differentiable Newton step.

The energy net E(x) is minimised over node positions with a Newton update
x1 = x0 - H^-1 g; the positions after the step are compared with the simulator's.
"""
import torch
import torch.nn as nn
from torch.autograd.functional import hessian

N_NODES = 4


class EnergyNet(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.fc1 = nn.Linear(N_NODES * 2, hidden)
        self.act = nn.GELU(approximate="tanh")
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x):
        e = self.fc2(self.act(self.fc1(x)))
        return e.sum() + 0.5 * (x ** 2).sum()


def newton_step(energy, x0):
    x0 = x0.detach().requires_grad_(True)
    g = torch.autograd.grad(energy(x0), x0, create_graph=True)[0]
    H = hessian(energy, x0, create_graph=True)
    step = torch.linalg.solve(H + 1e-3 * torch.eye(x0.numel()), g)
    return x0 - step


energy = EnergyNet()
opt = torch.optim.Adam(energy.parameters(), lr=1e-3)
for it in range(2):
    x_rest = torch.randn(N_NODES * 2)
    x_sim = x_rest * 0.9
    x_new = newton_step(energy, x_rest)
    loss = ((x_new - x_sim) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
