"""Meta-learning settings: counterfeit-detection on intaglio print patches from new banknote series."""
from dataclasses import dataclass


@dataclass(frozen=True)
class MetaConfig:
    n_way: int = 3            # genuine intaglio / offset imitation / inkjet imitation
    k_shot: int = 3
    q_query: int = 4
    img: int = 12
    channels: int = 6
    inner_lr: float = 0.3
    inner_steps: int = 2
    meta_lr: float = 1e-3
    meta_batch: int = 3
    iters: int = 3
    second_order: bool = False   # FOMAML: the Hessian term is dropped for speed on the QA line PCs
    seed: int = 41
