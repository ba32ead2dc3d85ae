from dataclasses import dataclass


@dataclass
class MetaConfig:
    inner_lr: float = 0.1
    inner_steps: int = 3
    first_order: bool = False
    meta_batch: int = 4
