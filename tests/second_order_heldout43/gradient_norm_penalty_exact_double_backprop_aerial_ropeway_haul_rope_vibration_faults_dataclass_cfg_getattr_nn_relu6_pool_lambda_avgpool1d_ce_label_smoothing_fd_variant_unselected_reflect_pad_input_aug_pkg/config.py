"""Defaults for the haul-rope fault classifier (overridable from the command line in train.py)."""
from dataclasses import dataclass, field


@dataclass
class ModelConfig:
    channels: tuple = (8, 16)
    kernel: int = 7
    act: str = "ReLU6"            # any torch.nn activation class name
    pool: str = "avg"             # key of layers.POOL_FACTORY
    n_classes: int = 3            # normal / broken wires / sheave misalignment


@dataclass
class PenaltyConfig:
    mode: str = "exact"           # "exact": double backprop through ||grad||; "fd": finite-difference surrogate
    lam: float = 0.05
    fd_radius: float = 0.01


@dataclass
class TrainConfig:
    steps: int = 5
    batch: int = 16
    lr: float = 0.05
    label_smoothing: float = 0.05
    window: int = 64
    seed: int = 11
    model: ModelConfig = field(default_factory=ModelConfig)
    penalty: PenaltyConfig = field(default_factory=PenaltyConfig)
