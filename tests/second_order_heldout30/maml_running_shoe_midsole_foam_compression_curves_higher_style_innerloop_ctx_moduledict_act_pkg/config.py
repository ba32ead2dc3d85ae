"""Experiment configuration (edit here; there is no command line)."""
from dataclasses import dataclass


@dataclass(frozen=True)
class MetaConfig:
    act: str = "relu6"
    hidden: int = 32
    inner_lr: float = 0.05
    inner_steps: int = 2
    first_order: bool = False
    meta_lr: float = 1e-3
    meta_batch: int = 3
    n_support: int = 8
    n_query: int = 8
    meta_steps: int = 3
    huber_beta: float = 0.1


CONFIG = MetaConfig()
