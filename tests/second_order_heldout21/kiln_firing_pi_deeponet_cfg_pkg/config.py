from dataclasses import dataclass


@dataclass
class KilnConfig:
    act: str = "tanh"
    width: int = 32
    n_sensors: int = 10
    diffusivity: float = 0.05
    lr: float = 1e-3
