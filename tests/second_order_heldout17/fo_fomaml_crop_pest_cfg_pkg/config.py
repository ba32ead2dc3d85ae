from dataclasses import dataclass


@dataclass(frozen=True)
class LearnerConfig:
    n_way: int = 4
    k_shot: int = 2
    inner_lr: float = 0.1
    inner_steps: int = 2
    first_order: bool = False
    act: str = "elu"
