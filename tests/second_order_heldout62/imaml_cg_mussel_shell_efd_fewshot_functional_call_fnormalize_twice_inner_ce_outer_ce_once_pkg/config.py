"""Hyper-parameters for iMAML on mussel shell outlines."""
from dataclasses import dataclass


@dataclass
class MetaConfig:
    n_harmonics: int = 12
    hidden: int = 64
    n_way: int = 4
    k_shot: int = 3
    k_query: int = 5
    inner_steps: int = 5
    inner_lr: float = 0.1
    lam: float = 2.0
    cg_steps: int = 5
    meta_lr: float = 1e-3
    meta_batch: int = 2
    meta_iters: int = 3
    cos_scale: float = 10.0
    outer_smoothing: float = 0.1
    seed: int = 7
