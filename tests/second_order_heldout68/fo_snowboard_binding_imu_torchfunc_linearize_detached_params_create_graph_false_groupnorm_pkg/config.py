"""Snowboard binding load estimation from a board-mounted IMU (accel xyz + gyro xyz, 100 Hz windows)."""
from dataclasses import dataclass

CHANNELS = ("ax", "ay", "az", "gx", "gy", "gz")
TARGETS = ("heel_load", "toe_load")


@dataclass(frozen=True)
class Config:
    window: int = 32
    hidden: int = 24
    # the Jacobian smoothness term is cheap when it is only a constant (no double backprop); set True to train it
    double_backprop: bool = False
    smooth_weight: float = 0.01
    sens_every: int = 2
    steps: int = 4
    batch: int = 16
    lr: float = 2e-3
