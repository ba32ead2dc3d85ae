"""Experiment settings for the cocoa auction price model."""
from dataclasses import dataclass


@dataclass(frozen=True)
class HyperConfig:
    n_features: int = 10
    hidden: int = 32
    inner_steps: int = 30
    inner_lr: float = 5e-3
    cg_iters: int = 5
    cg_damping: float = 1e-2
    hyper_lr: float = 0.05
    outer_rounds: int = 3
    huber_beta: float = 0.5


CONFIG = HyperConfig()
