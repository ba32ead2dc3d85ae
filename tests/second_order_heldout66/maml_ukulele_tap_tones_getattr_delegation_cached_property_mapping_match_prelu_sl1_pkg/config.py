"""Experiment configuration for few-shot tap-tone regression on ukulele soundboards."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class MetaConfig:
    n_modes: int = 4                    # monopole, cross-dipole, long-dipole, ring mode
    geometry_dim: int = 3               # body length, waist width, top thickness
    hidden: list[int] = field(default_factory=lambda: [32, 32])
    context_dim: int = 4
    inner_lr: float = 0.05
    inner_steps: int = 2
    first_order: bool = False
    support_loss: dict = field(default_factory=lambda: {"kind": "smooth_l1", "beta": 0.25})
    query_loss: dict = field(default_factory=lambda: {"kind": "huber", "delta": 1.0})
    meta_batch: int = 4
    n_support: int = 6
    n_query: int = 10
    iterations: int = 4
    meta_lr: float = 1e-3
    seed: int = 0
