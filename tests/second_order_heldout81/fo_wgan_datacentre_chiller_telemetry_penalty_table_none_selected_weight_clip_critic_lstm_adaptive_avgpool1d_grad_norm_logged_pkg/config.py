"""Synthetic data-centre chiller telemetry (supply/return water temp, compressor power, flow)."""
from dataclasses import dataclass


@dataclass
class GANConfig:
    n_features: int = 4
    seq_len: int = 24
    hidden: int = 16
    z_dim: int = 6
    batch: int = 16
    steps: int = 3
    n_critic: int = 3
    lr: float = 5e-4
    penalty: str = "none"          # "wgan_gp" | "r1" | "none"
    penalty_weight: float = 10.0
    clip_value: float = 0.05       # original WGAN weight clipping when no penalty is used
    log_critic_input_grad: bool = True
