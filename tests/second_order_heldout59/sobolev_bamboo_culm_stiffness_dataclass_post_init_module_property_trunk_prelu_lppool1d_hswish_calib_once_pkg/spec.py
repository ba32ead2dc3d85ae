"""Experiment specification for the bamboo-culm bending-stiffness surrogate."""
from dataclasses import dataclass

FEATURES = ("outer_diameter", "wall_thickness", "span", "moisture", "node_density", "taper")


@dataclass
class SurrogateSpec:
    in_features: int = len(FEATURES)
    hidden: tuple = (32, 32)
    act: str = "prelu"
    pool: int = 2
    slope_weight: float = 0.5
    calib_weight: float = 0.1
    lr: float = 2e-3
    steps: int = 3
    batch: int = 64
    seed: int = 0

    def __post_init__(self):
        self.hidden = tuple(int(h) for h in self.hidden)
        if self.hidden[-1] % self.pool:
            raise ValueError("last hidden width must be divisible by the pooling window")
        self.act = self.act.lower()
