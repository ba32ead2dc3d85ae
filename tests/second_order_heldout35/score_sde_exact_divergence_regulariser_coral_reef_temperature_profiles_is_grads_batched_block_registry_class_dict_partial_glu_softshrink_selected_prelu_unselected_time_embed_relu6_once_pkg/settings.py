"""Run settings for the reef-profile score model (a module-level instance; no torch import)."""
from dataclasses import dataclass, field


@dataclass
class ScoreSettings:
    dim: int = 6
    width: int = 16
    blocks: list = field(default_factory=lambda: ["glu", "shrink", "softsign"])
    sigma_min: float = 0.01
    sigma_max: float = 1.0
    div_weight: float = 0.05
    steps: int = 3
    batch: int = 16


SETTINGS = ScoreSettings()
