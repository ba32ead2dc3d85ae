"""Experiment configuration: conditional SEGAN-style enhancer for cafeteria babble (far-field recordings).

Plain dataclasses; every string here is a key into a table of ``registry.py``.
"""
from dataclasses import dataclass, field


@dataclass
class DiscConfig:
    channels: tuple = (1, 16, 32, 64)
    kernel: int = 15
    norm: str = "group"          # NORMS key
    act: str = "gelu_tanh"       # ACTS key
    pool: int = 4


@dataclass
class GenConfig:
    channels: tuple = (1, 16, 32)
    kernel: int = 31
    z_channels: int = 32


@dataclass
class TrainConfig:
    sample_rate: int = 16000
    seg_len: int = 1024
    batch: int = 4
    steps: int = 3
    lr_g: float = 2e-4
    lr_d: float = 2e-4
    penalty: str = "r1"          # PENALTIES key (filled by losses.py)
    gamma: float = 10.0
    l1_weight: float = 100.0
    snr_db: tuple = (0.0, 10.0)
    disc: DiscConfig = field(default_factory=DiscConfig)
    gen: GenConfig = field(default_factory=GenConfig)
