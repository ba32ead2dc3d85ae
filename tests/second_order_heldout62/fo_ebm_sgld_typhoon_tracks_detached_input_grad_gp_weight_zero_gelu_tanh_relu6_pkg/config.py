"""EBM settings (typhoon track segments)."""
from dataclasses import dataclass


@dataclass(frozen=True)
class EBMConfig:
    seg_len: int = 24
    width: int = 32
    sgld_steps: int = 10
    sgld_step_size: float = 1.0
    sgld_noise: float = 0.01
    buffer_size: int = 256
    reinit_prob: float = 0.05
    alpha_l2: float = 0.1
    gp_weight: float = 0.0
    lr: float = 1e-4
    batch: int = 32
    iters: int = 3
    seed: int = 21


CONFIG = EBMConfig()
