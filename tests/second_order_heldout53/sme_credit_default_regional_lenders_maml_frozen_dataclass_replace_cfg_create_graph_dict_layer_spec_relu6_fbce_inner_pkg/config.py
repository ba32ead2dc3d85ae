"""Frozen experiment configuration: small-business default prediction, one task per regional lender."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class NetConfig:
    # each entry is one layer; build_net in layers.py interprets them in order
    layers: tuple = (
        {"type": "linear", "out": 32},
        {"type": "norm", "kind": "layer"},
        {"type": "act", "name": "relu6"},
        {"type": "linear", "out": 16},
        {"type": "act", "name": "relu6"},
        {"type": "linear", "out": 1},
    )


@dataclass(frozen=True)
class MetaConfig:
    inner_steps: int = 2
    inner_lr: float = 0.2
    second_order: bool = True
    tasks_per_batch: int = 4
    support: int = 24
    query: int = 24


@dataclass(frozen=True)
class ExperimentConfig:
    n_features: int = 18        # ratios from filed accounts + bureau counters
    n_lenders: int = 30
    net: NetConfig = field(default_factory=NetConfig)
    meta: MetaConfig = field(default_factory=MetaConfig)
    outer_lr: float = 1e-3
    iterations: int = 3
    eval_inner_steps: int = 5
    seed: int = 7


CFG = ExperimentConfig()
