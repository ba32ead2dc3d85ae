"""Exact (Hyvarinen) score matching of an energy model of tidal bore arrivals (2-D: phase, height).

J(theta) = E[ tr(d s / d x) + 0.5 |s|^2 ],  s = -dE/dx.
The trace is computed exactly, one input dimension at a time; every term is differentiated once more
by the optimiser (third order for the energy network).
"""
from abc import ABC, abstractmethod

import torch
import torch.nn as nn
import torch.nn.functional as F


class EnergyBase(nn.Module, ABC):
    @abstractmethod
    def forward(self, x):
        ...

    def score(self, x):
        e = self.forward(x).sum()
        return -torch.autograd.grad(e, x, create_graph=True)[0]


class BoreEnergy(EnergyBase):
    def __init__(self, dim=2, hidden=64):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 1)

    def forward(self, x):
        h = F.elu(self.fc1(x))
        h = F.softsign(self.fc2(h))
        return self.fc3(h).squeeze(-1)


def exact_sm_loss(model: EnergyBase, x):
    x = x.requires_grad_(True)
    s = model.score(x)
    trace = torch.zeros(x.shape[0])
    for i in range(x.shape[1]):
        trace = trace + torch.autograd.grad(s[:, i].sum(), x, create_graph=True)[0][:, i]
    return (trace + 0.5 * s.pow(2).sum(-1)).mean()


def bore_samples(n):
    phase = torch.rand(n) * 6.283
    height = 0.6 + 0.3 * torch.cos(phase) + 0.05 * torch.randn(n)
    return torch.stack([torch.sin(phase), height], dim=-1)


def main():
    torch.manual_seed(0)
    model = BoreEnergy()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(3):
        loss = exact_sm_loss(model, bore_samples(128))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} sm={loss.item():.4f}")


if __name__ == "__main__":
    main()
