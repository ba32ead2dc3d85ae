"""Run configuration for the Lane-Emden polytrope PINN (kept as a plain dict, as in the original YAML)."""
from dataclasses import dataclass

DEFAULTS = dict(
    poly_index=1.5,
    xi_max=3.5,
    width=16,
    depth=3,
    activation="selu",
    n_colloc=64,
    lr=2e-3,
    steps=3,
)


@dataclass
class PolytropeCfg:
    poly_index: float = 3.0
    xi_max: float = 6.0
    width: int = 32
    depth: int = 4
    activation: str = "tanh"
    n_colloc: int = 256
    lr: float = 1e-3
    steps: int = 5000

    @classmethod
    def from_dict(cls, d):
        return cls(**d)
