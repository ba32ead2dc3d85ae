from dataclasses import dataclass, field


@dataclass
class ModelCfg:
    node_dim: int = 8
    hidden: int = 32
    layers: int = 2
    act: str = "selu"
    geo_channels: int = 8  # trailing hidden channels that carry the "volatility" signal


@dataclass
class MetaCfg:
    inner_lr: float = 0.1
    inner_steps: int = 1
    tasks: int = 3
    support: int = 6
    query: int = 6
    meta_iters: int = 4
    meta_lr: float = 1e-3


@dataclass
class Cfg:
    model: ModelCfg = field(default_factory=ModelCfg)
    meta: MetaCfg = field(default_factory=MetaCfg)
    knn: int = 3
    seed: int = 21
