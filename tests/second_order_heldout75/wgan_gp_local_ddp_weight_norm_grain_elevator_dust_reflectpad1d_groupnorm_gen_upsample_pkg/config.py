"""Run configuration (kept torch-free so launch scripts can import it)."""
from dataclasses import dataclass, field


@dataclass
class CriticCfg:
    channels: tuple = (1, 16, 32)
    pad: int = 2
    groups: int = 4


@dataclass
class RunCfg:
    seq_len: int = 64
    zdim: int = 16
    batch: int = 16
    accum_steps: int = 2
    iters: int = 3
    n_critic: int = 2
    gp_lambda: float = 10.0
    lr: float = 2e-4
    critic: CriticCfg = field(default_factory=CriticCfg)
