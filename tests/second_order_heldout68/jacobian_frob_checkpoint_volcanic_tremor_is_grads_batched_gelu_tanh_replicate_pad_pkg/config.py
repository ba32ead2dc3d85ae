"""Run configuration for the volcanic tremor classifier (3-component broadband station, 64-sample windows)."""
from dataclasses import dataclass

TREMOR_TYPES = ("harmonic", "spasmodic", "banded", "background")


@dataclass(frozen=True)
class TrainConfig:
    n_channels: int = 3
    samples: int = 64
    width: int = 16
    n_blocks: int = 2
    checkpoint_blocks: bool = True
    n_projections: int = 2
    jac_weight: float = 0.05
    steps: int = 3
    batch: int = 8
    lr: float = 1e-3
    detrend_pad: int = 8
