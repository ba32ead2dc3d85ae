"""Configuration: one meta-learning task per racecourse (track shape and going differ)."""
from dataclasses import dataclass, field


@dataclass
class ScorerConfig:
    # (layer kind, argument) pairs, interpreted by model.build_scorer
    layers: list = field(default_factory=lambda: [
        ("linear", 32), ("gn", 4), ("selu", None),
        ("linear", 32), ("gn", 4), ("selu", None),
        ("linear", 1),
    ])


@dataclass
class MetaConfig:
    first_order: bool = True       # FOMAML: inner gradients are treated as constants
    inner_steps: int = 3
    inner_lr: float = 0.05
    races_per_task: int = 6
    meta_batch: int = 4


@dataclass
class Config:
    n_features: int = 14           # form, weight carried, draw, jockey/trainer strike rates, ...
    runners: int = 10
    n_courses: int = 20
    scorer: ScorerConfig = field(default_factory=ScorerConfig)
    meta: MetaConfig = field(default_factory=MetaConfig)
    lr: float = 1e-3
    iterations: int = 3
