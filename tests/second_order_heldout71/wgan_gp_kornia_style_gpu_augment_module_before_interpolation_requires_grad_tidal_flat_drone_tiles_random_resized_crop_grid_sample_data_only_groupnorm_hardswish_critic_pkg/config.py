"""Run configuration for the tidal-flat drone tile WGAN-GP."""
from dataclasses import dataclass, field


@dataclass
class AugCfg:
    flip_p: float = 0.5
    crop_scale: tuple = (0.6, 1.0)
    jitter_brightness: float = 0.2
    jitter_contrast: float = 0.2
    erase_p: float = 0.3


@dataclass
class Cfg:
    res: int = 16
    z_dim: int = 32
    ch: int = 32
    batch: int = 8
    steps: int = 3
    n_critic: int = 2
    gp_lambda: float = 10.0
    lr: float = 1e-4
    aug: AugCfg = field(default_factory=AugCfg)
