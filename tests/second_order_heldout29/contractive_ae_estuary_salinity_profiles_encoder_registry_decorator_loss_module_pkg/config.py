"""Experiment settings for the estuary CTD-cast autoencoder."""
from dataclasses import dataclass, field


@dataclass
class ModelCfg:
    encoder: str = "conv"
    depth_bins: int = 32
    code_dim: int = 6
    channels: int = 8
    shrink: float = 0.01


@dataclass
class LossCfg:
    contractive_weight: float = 0.1
    recon: str = "mse"


@dataclass
class ExperimentCfg:
    model: ModelCfg = field(default_factory=ModelCfg)
    loss: LossCfg = field(default_factory=LossCfg)
    steps: int = 3
    batch: int = 16
    lr: float = 1e-3
