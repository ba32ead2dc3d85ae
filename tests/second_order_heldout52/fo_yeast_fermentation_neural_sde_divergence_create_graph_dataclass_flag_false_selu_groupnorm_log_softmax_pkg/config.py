"""Settings for the neural-SDE model of a wine-yeast batch fermentation."""
from dataclasses import dataclass


@dataclass(frozen=True)
class SDEConfig:
    state_dim: int = 4          # scaled log sugar, log biomass, log ethanol, CO2 evolution rate
    hidden: int = 32
    groups: int = 4
    regimes: int = 3            # lag / exponential / stationary
    dt: float = 0.05
    # divergence (phase-space contraction) regulariser of the drift
    div_weight: float = 0.01
    exact_divergence: bool = False   # True: train through the exact divergence (double backward)
    batches: int = 3
    batch_size: int = 64
    lr: float = 2e-3


CONFIG = SDEConfig()
