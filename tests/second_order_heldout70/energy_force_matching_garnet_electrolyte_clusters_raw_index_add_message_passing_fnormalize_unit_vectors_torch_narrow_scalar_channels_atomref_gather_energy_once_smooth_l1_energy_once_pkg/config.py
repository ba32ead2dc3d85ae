"""Run settings for the LLZO garnet cluster force-field fit."""
from dataclasses import dataclass, field


@dataclass
class FFConfig:
    species: tuple = ("Li", "La", "Zr", "O")
    n_scalar: int = 16
    n_hidden: int = 24
    n_rbf: int = 12
    cutoff: float = 4.0
    n_interactions: int = 2
    clusters_per_batch: int = 4
    atoms_per_cluster: int = 10
    steps: int = 4
    lr: float = 1e-3
    loss_weights: dict = field(default_factory=lambda: {"energy": 0.1, "forces": 1.0})
    seed: int = 17
