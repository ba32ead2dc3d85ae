from dataclasses import dataclass


@dataclass
class FlowConfig:
    width: int = 32
    depth: int = 3
    activation: str = "tanh"
    reynolds: float = 100.0
    lr: float = 1e-3
