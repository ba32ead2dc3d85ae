from dataclasses import dataclass


@dataclass
class MetaCfg:
    n_way: int = 3
    k_shot: int = 2
    k_query: int = 4
    img: int = 12
    channels: int = 8
    norm: str = "bn"
    inner_lr: float = 0.3
    inner_steps: int = 1
    first_order: bool = True
    meta_lr: float = 1e-3
    meta_batch: int = 2
    meta_steps: int = 2
    label_smoothing: float = 0.1
