"""Configuration of the permafrost active-layer PINN (dataclasses; the defaults are the run used in the paper draft)."""
from dataclasses import dataclass, field


@dataclass
class PhysicsConfig:
    k_frozen: float = 0.9          # scaled thermal diffusivity of frozen silt
    k_thawed: float = 0.5          # scaled diffusivity of thawed silt
    latent: float = 0.3            # scaled latent heat (apparent heat capacity)
    smear: float = 0.15            # width of the freezing interval (scaled temperature)
    surface_mean: float = -0.2
    surface_amp: float = 1.0
    bottom_temp: float = -0.6


@dataclass
class NetConfig:
    width: int = 32
    depth: int = 3
    act: str = "selu"              # name of a torch.nn.functional activation
    groups: int = 4                # GroupNorm groups inside each block
    embedding: str = "none"        # "none" | "fourier"
    constraint: str = "hard"       # "hard" (ansatz) | "soft" (boundary loss)


@dataclass
class TrainConfig:
    steps: int = 3
    n_colloc: int = 256
    n_obs: int = 48
    lr: float = 1e-3
    residual: str = "stefan_apparent"
    w_obs: float = 1.0


@dataclass
class Config:
    phys: PhysicsConfig = field(default_factory=PhysicsConfig)
    net: NetConfig = field(default_factory=NetConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
