"""Experiment settings (plain dataclasses, importable without torch)."""
from dataclasses import dataclass, field


@dataclass
class NetSettings:
    window: int = 12
    channels: int = 6
    kernel: int = 5
    hidden: int = 16


@dataclass
class MetaSettings:
    inner_lr: float = 0.1
    inner_steps: int = 2
    meta_lr: float = 1e-3
    tasks_per_batch: int = 3
    second_order: bool = True
    learn_point_weights: bool = True


@dataclass
class Settings:
    net: NetSettings = field(default_factory=NetSettings)
    meta: MetaSettings = field(default_factory=MetaSettings)
    iterations: int = 3


SETTINGS = Settings()
