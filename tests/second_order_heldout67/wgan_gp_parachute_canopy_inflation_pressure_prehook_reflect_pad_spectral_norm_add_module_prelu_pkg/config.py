"""Run settings for the canopy-inflation trace GAN (torch-free)."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class GanConfig:
    trace_len: int = 128
    z_dim: int = 16
    critic_widths: tuple = (16, 32, 64)
    critic_act: str = "prelu"
    edge_pad: int = 4
    spectral_norm: bool = True
    augment_time_stretch: bool = False
    gp_weight: float = 10.0
    n_critic: int = 2
    steps: int = 3
    batch: int = 16
    lr: float = 1e-4
    betas: tuple = field(default=(0.0, 0.9))


CFG = GanConfig()
