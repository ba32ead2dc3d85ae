"""Settings for the direct-force model of NaCl / water aerosol clusters (dataclasses, no torch)."""
from dataclasses import dataclass, field


@dataclass
class DataCfg:
    n_configs: int = 8
    n_atoms: int = 10
    n_species: int = 4          # O, H, Na, Cl
    seed: int = 21


@dataclass
class ModelCfg:
    n_rbf: int = 8
    cutoff: float = 4.5
    n_neighbours: int = 6
    hidden: int = 32
    act: str = "selu"


@dataclass
class TrainCfg:
    steps: int = 4
    lr: float = 2e-3
    w_energy: float = 0.1
    w_force: float = 1.0
    conservative_training: bool = False     # direct forces: no gradient of the energy in the loss


@dataclass
class Config:
    data: DataCfg = field(default_factory=DataCfg)
    model: ModelCfg = field(default_factory=ModelCfg)
    train: TrainCfg = field(default_factory=TrainCfg)


CFG = Config()
