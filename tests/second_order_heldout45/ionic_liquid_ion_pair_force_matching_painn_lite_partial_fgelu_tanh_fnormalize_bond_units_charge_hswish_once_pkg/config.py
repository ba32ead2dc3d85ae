"""Configuration for an energy/force model of imidazolium-based ionic-liquid ion-pair clusters."""
from dataclasses import dataclass


@dataclass
class ModelConfig:
    n_types: int = 5            # H, C, N, B, F
    features: int = 32
    n_rbf: int = 16
    cutoff: float = 5.0
    blocks: int = 2
    act: str = "gelu_tanh"      # registry.ACTS key
    norm: str = "layer"         # registry.NORMS key


@dataclass
class TrainConfig:
    batch: int = 4
    atoms: int = 10
    steps: int = 3
    lr: float = 1e-3
    energy_loss: str = "mse"         # registry.LOSSES key
    force_loss: str = "smooth_l1"    # registry.LOSSES key (robust to close-contact spikes)
    w_energy: float = 1.0
    w_force: float = 10.0
    w_dipole: float = 0.1
