"""Separable Hamiltonian network H(q, p) = T(p) + V(q), both terms built from dataclass specs."""
from __future__ import annotations

from typing import Generic, Protocol, TypeVar

import torch
import torch.nn as nn

from config import EnergySpec, ReedConfig

S = TypeVar("S", bound=EnergySpec)


class Hamiltonian(Protocol):
    def energy(self, state: torch.Tensor) -> torch.Tensor: ...


class ScalarEnergy(nn.Module, Generic[S]):
    def __init__(self, spec: S, in_dim: int = 1):
        super().__init__()
        layers: list[nn.Module] = []
        for i in range(spec.depth):
            layers += [nn.Linear(in_dim if i == 0 else spec.width, spec.width), spec.activation()]
        layers.append(nn.Linear(spec.width, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, z):
        return self.net(z)


class SeparableHNN(nn.Module):
    def __init__(self, cfg: ReedConfig):
        super().__init__()
        self.potential = ScalarEnergy(cfg.potential)
        self.kinetic = ScalarEnergy(cfg.kinetic)

    def energy(self, state):
        q = torch.narrow(state, -1, 0, 1)
        p = torch.narrow(state, -1, 1, 1)
        return self.kinetic(p) + self.potential(q)

    forward = energy
