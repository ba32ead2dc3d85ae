"""Run settings for the rail-track acoustic defect classifier (no torch imports here)."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TrackConfig:
    window: int = 64
    n_classes: int = 3            # sound rail / squat / corrugation
    stem_channels: int = 6
    blocks: tuple = ("pad_conv", "pool_conv")
    input_grad_weight: float = 0.1
    lr: float = 1e-3
    epochs: int = 3
    batch: int = 12


CFG = TrackConfig()
