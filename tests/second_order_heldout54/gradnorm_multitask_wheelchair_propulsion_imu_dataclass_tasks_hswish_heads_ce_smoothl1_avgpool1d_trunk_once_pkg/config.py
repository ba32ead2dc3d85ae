"""Configuration for the wheelchair-propulsion multi-task model (wrist + wheel IMU windows)."""
from dataclasses import dataclass, field
from typing import List, Tuple


@dataclass
class TaskSpec:
    name: str
    out_dim: int
    loss: str  # "ce" | "smooth_l1" | "mse" | "bce"


@dataclass
class Config:
    in_channels: int = 6               # 3-axis accelerometer + 3-axis gyroscope
    window: int = 64                   # 0.5 s at 128 Hz
    trunk: List[Tuple[int, int, int]] = field(default_factory=lambda: [(6, 16, 5), (16, 24, 5), (24, 32, 3)])
    shared_dim: int = 32
    head_hidden: int = 16
    head_act: str = "hardswish"
    tasks: List[TaskSpec] = field(default_factory=lambda: [
        TaskSpec("push_phase", 4, "ce"),         # contact / push / release / recovery
        TaskSpec("push_force", 1, "smooth_l1"),  # tangential hand-rim force (scaled)
        TaskSpec("fatigue", 1, "mse"),           # Borg RPE (scaled)
    ])
    gradnorm_alpha: float = 1.5
    gradnorm_lr: float = 0.025
    lr: float = 1e-3
    batch: int = 16
    steps: int = 4
