"""Bassoon double-reed tip as a 1-DOF nonlinear oscillator: H = p^2 / 2m + k q^2 / 2 + beta q^4 / 4."""
from __future__ import annotations

from dataclasses import dataclass, field

import torch.nn as nn


@dataclass
class EnergySpec:
    width: int = 32
    depth: int = 2
    act: type[nn.Module] | None = None
    make_act: object = field(default_factory=lambda: nn.Tanh)

    def activation(self) -> nn.Module:
        return (self.act or self.make_act)()


@dataclass
class ReedConfig:
    mass: float = 1.0
    stiffness: float = 1.0
    beta: float = 0.6
    potential: EnergySpec = field(default_factory=EnergySpec)
    kinetic: EnergySpec = field(default_factory=lambda: EnergySpec(width=16, depth=1, act=nn.Softsign))
    n_traj: int = 16
    traj_len: int = 24
    dt: float = 0.1
    epochs: int = 4
    batch: int = 96
    lr: float = 2e-3
