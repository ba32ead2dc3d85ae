from dataclasses import dataclass


@dataclass
class GridConfig:
    inertia: float = 0.4
    damping: float = 0.15
    p_mech: float = 0.1
    coupling: float = 0.2
    hidden: int = 32
    depth: int = 3
    activation: str = "tanh"
    lr: float = 1e-3
