"""Meta-learning settings for per-pool chlorine decay models (one swimming pool = one task)."""
from dataclasses import dataclass


@dataclass
class MetaConfig:
    algo: str = "reptile"        # "reptile" | "maml"
    inner_steps: int = 5
    inner_lr: float = 0.02
    inner_batch: int = 16
    outer_step: float = 0.3      # Reptile interpolation factor
    outer_lr: float = 1e-3       # only used by the MAML branch
    tasks_per_batch: int = 3
    iters: int = 3
    hidden: int = 32
    seed: int = 0
