"""Hyper-parameter search config for the ginseng kiln-drying moisture forecaster."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Config:
    seq_len: int = 24            # hourly moisture readings fed to the model
    horizon: int = 6             # hours ahead to forecast
    channels: int = 8
    act: str = "gelu_tanh"
    unroll_steps: int = 3        # SGD steps differentiated through
    outer_steps: int = 6
    init_lr: float = 0.05
    init_weight_decay: float = 1e-3
    hyper_lr: float = 0.05
    huber_beta: float = 0.5
    batch: int = 32
    seed: int = 4
    layers: tuple = field(default=("conv", "hidden", "out"))


CFG = Config()
