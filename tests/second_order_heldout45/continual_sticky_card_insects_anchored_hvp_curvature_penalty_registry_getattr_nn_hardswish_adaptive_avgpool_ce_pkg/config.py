"""Continual learning across orchards: sticky-card insect crops arrive one orchard (two species) at a time."""
from dataclasses import dataclass


@dataclass
class CLConfig:
    n_tasks: int = 3
    classes_per_task: int = 2
    image_size: int = 16
    width: int = 16
    act: str = "Hardswish"              # attribute of torch.nn
    penalty: str = "hessian_quadratic"  # key into penalties.PENALTIES
    lam: float = 50.0
    replay_per_task: int = 8
    batch: int = 16
    steps_per_task: int = 2
    lr: float = 0.05
