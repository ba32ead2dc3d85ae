"""Hyper-parameters for the zellige-tile WGAN-GP."""
from dataclasses import dataclass, field


@dataclass
class CriticCfg:
    growth_rate: int = 8
    block_config: tuple = (2, 2)
    num_init_features: int = 16
    bn_size: int = 2


@dataclass
class TrainCfg:
    res: int = 32
    z_dim: int = 24
    batch: int = 3
    steps: int = 2
    n_critic: int = 2
    lambda_gp: float = 10.0
    lr: float = 1e-4
    critic: CriticCfg = field(default_factory=CriticCfg)
