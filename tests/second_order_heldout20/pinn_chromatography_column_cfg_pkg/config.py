from dataclasses import dataclass


@dataclass
class ColumnConfig:
    width: int = 32
    depth: int = 3
    activation: str = "tanh"
    velocity: float = 1.0
    dispersion: float = 0.05
    lr: float = 1e-3
    steps: int = 3
