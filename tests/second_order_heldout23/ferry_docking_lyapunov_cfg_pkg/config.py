from dataclasses import dataclass


@dataclass
class CLFConfig:
    state_dim: int = 4
    hidden: int = 32
    act: str = "tanh"
    ctrl_act: str = "hswish"
    decay: float = 0.5
    lr: float = 1e-3
