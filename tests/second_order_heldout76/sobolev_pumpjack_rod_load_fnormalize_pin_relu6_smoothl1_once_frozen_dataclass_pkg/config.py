"""Sobolev-training settings for the pumpjack polished-rod load surrogate."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SobolevConfig:
    n_train: int = 512
    hidden: int = 64
    depth: int = 3
    epochs: int = 3
    batch: int = 128
    lr: float = 2e-3
    weights: dict = field(default_factory=lambda: {"value": 1.0, "grad": 0.3})
    huber_beta: float = 0.05
    seed: int = 5
