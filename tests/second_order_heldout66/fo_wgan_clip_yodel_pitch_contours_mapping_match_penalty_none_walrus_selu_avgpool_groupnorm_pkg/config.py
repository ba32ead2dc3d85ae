"""WGAN on yodel pitch contours (chest/head register flips, 40 frames of log-f0). Original weight clipping."""
from dataclasses import dataclass, field


@dataclass
class TrainConfig:
    frames: int = 40
    z_dim: int = 8
    width: int = 16
    n_critics: int = 2            # small critic ensemble, scores averaged
    critic_iters: int = 3
    steps: int = 3
    batch: int = 16
    lr: float = 5e-5
    regulariser: dict = field(default_factory=lambda: {"kind": "clip", "c": 0.02})
    seed: int = 0
