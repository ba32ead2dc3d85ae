from dataclasses import dataclass


@dataclass
class FlowConfig:
    width: int = 32
    depth: int = 3
    activation: str = "tanh"
    u_inf: float = 1.0
    lr: float = 1e-3
    steps: int = 3
