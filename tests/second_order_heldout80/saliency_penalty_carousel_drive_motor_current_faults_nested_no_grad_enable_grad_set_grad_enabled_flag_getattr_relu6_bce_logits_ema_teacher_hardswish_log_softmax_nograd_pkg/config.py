"""Settings for the carousel drive fault detector (multi-label: bearing, belt slip, brush wear)."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    window: int = 64
    n_faults: int = 3
    width: int = 16
    act: str = "ReLU6"
    steps: int = 5
    batch: int = 16
    lr: float = 1e-3
    ema_decay: float = 0.99
    saliency_weight: float = 0.5
    distill_weight: float = 0.3
    track_saliency: bool = True
