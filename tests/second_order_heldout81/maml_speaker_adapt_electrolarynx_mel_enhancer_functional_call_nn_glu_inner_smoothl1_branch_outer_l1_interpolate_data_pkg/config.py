"""Hyper-parameters for few-shot speaker adaptation of the electrolarynx speech enhancer."""
from dataclasses import dataclass


@dataclass(frozen=True)
class MetaConfig:
    n_mels: int = 16
    channels: int = 32
    kernel_size: int = 5
    dilations: tuple = (1, 2, 4)
    inner_lr: float = 0.05
    inner_steps: int = 1
    first_order: bool = False
    inner_loss: str = "smooth_l1"
    outer_loss: str = "l1"
    meta_lr: float = 1e-3
    meta_batch: int = 2
    meta_iters: int = 3
    support_utts: int = 2
    query_utts: int = 2
    frames: int = 48


CONFIG = MetaConfig()
