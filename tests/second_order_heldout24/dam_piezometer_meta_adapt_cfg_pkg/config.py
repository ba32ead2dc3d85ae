from dataclasses import dataclass


@dataclass
class MetaConfig:
    inner_lr: float = 0.05
    inner_steps: int = 1
    second_order: bool = False
    tasks_per_batch: int = 2
