from dataclasses import dataclass


@dataclass
class ThermoclineConfig:
    activation: str = "tanh"
    width: int = 24
    depth: int = 3
    kappa: float = 1.4e-2
    lr: float = 1e-3
    n_collocation: int = 64
