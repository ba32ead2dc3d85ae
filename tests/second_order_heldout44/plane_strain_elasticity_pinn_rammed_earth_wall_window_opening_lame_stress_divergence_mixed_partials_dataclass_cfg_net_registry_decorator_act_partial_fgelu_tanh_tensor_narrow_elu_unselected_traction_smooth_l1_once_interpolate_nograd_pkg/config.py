"""Configuration of the rammed-earth wall study (plane strain, non-dimensional: E_ref = 1, wall height = 1)."""
from dataclasses import dataclass, field


@dataclass
class Geometry:
    width: float = 1.6
    height: float = 1.0
    window: tuple = (0.55, 1.05, 0.35, 0.75)   # x0, x1, y0, y1


@dataclass
class Material:
    young: float = 1.0
    poisson: float = 0.22
    unit_weight: float = 0.05       # rho * g * H / E_ref
    roof_load: float = 0.08         # distributed load from the ring beam on the top edge


@dataclass
class Net:
    name: str = "fourier_resmlp"
    act: str = "gelu_tanh"
    width: int = 48
    depth: int = 3
    n_freq: int = 16
    sigma: float = 2.0


@dataclass
class Train:
    steps: int = 3
    lr: float = 1e-3
    n_col: int = 256
    n_edge: int = 48
    w_traction: float = 4.0
    w_dic: float = 20.0


@dataclass
class Config:
    geometry: Geometry = field(default_factory=Geometry)
    material: Material = field(default_factory=Material)
    net: Net = field(default_factory=Net)
    train: Train = field(default_factory=Train)
    seed: int = 11


CONFIG = Config()
