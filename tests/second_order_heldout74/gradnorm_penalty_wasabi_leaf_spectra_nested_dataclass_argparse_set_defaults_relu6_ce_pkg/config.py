"""Nested experiment config for the wasabi leaf-blight spectra classifier (gradient-norm regularised)."""
from dataclasses import dataclass, field


@dataclass
class ModelCfg:
    act: str = "relu6"
    norm: str = "layer"
    width: int = 48
    bands: int = 32
    classes: int = 3


@dataclass
class OptimCfg:
    lr: float = 3e-3
    steps: int = 6
    batch: int = 32
    gradnorm_weight: float = 0.1


@dataclass
class ExperimentCfg:
    model: ModelCfg = field(default_factory=ModelCfg)
    optim: OptimCfg = field(default_factory=OptimCfg)
    loss: str = "cross_entropy"
    seed: int = 0
