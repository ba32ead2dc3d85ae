"""Named run presets; train.py picks one by name."""
from dataclasses import dataclass


@dataclass
class MetaConfig:
    ways: int = 4
    shots: int = 3
    queries: int = 6
    inner_steps: int = 2
    inner_lr: float = 0.1
    meta_lr: float = 1e-3
    meta_batch: int = 2
    iterations: int = 4
    first_order: bool = False


PRESETS = {
    "debug_fo": MetaConfig(iterations=2, first_order=True),
    "mc_second_order": MetaConfig(),
}
RUN_PRESET = "mc_second_order"
