"""Hyper-parameters for MAML-RL on window-cleaning gondola gust tasks."""
from dataclasses import dataclass, field


@dataclass
class MetaConfig:
    obs_dim: int = 6
    act_dim: int = 2
    hidden: int = 40
    meta_batch: int = 4
    episodes_per_task: int = 4
    horizon: int = 20
    inner_lr: float = 0.1
    inner_steps: int = 1
    bc_weight: float = 0.5
    outer_lr: float = 1e-3
    meta_iters: int = 3
    gamma: float = 0.97
    first_order: bool = False
    seed: int = 11
    log_std_bounds: tuple = field(default=(-3.0, 0.5))
