from dataclasses import dataclass


@dataclass
class MetaConfig:
    n_way: int = 3
    inner_lr: float = 0.1
    inner_steps: int = 1
    second_order: bool = True
