"""Hyper-parameters for the dissipative HNN on the FPUT-alpha chain."""
from dataclasses import dataclass


@dataclass
class Config:
    n_masses: int = 4          # moving masses; both chain ends are clamped
    alpha: float = 0.25        # cubic spring nonlinearity
    damping: float = 0.05      # linear drag on every mass (what the dissipation net must learn)
    width: int = 48
    depth: int = 2
    act: str = "prelu"         # key into models.ACTIVATIONS
    loss: str = "smooth_l1"    # key into dynamics.LOSSES
    batch: int = 32
    steps: int = 4
    lr: float = 1e-3
    rollout_steps: int = 10
    dt: float = 0.05
    seed: int = 2
