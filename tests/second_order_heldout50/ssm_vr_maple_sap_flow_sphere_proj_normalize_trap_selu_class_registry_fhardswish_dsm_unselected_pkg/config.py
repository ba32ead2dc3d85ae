"""Configuration for sliced score matching on maple sap-flow sensor readings."""
from dataclasses import dataclass, field


@dataclass
class NetConfig:
    dim: int = 4              # sap flux density, stem temp, air temp, vapour pressure deficit
    hidden: int = 48
    n_sites: int = 6          # sugar-bush stands
    blocks: int = 2
    act: str = "selu"


@dataclass
class TrainConfig:
    objective: str = "ssm_vr"
    projection: str = "sphere"
    n_proj: int = 2
    lr: float = 1e-3
    steps: int = 8
    batch: int = 32
    langevin_steps: int = 20
    langevin_eps: float = 1e-3
    net: NetConfig = field(default_factory=NetConfig)
