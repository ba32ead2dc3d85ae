"""Indoor radon forecaster configuration (hourly basement sensors + weather + soil survey)."""
from dataclasses import dataclass

FEATURES = ("soil_permeability", "baro_tendency", "indoor_outdoor_dT", "wind_speed", "soil_moisture", "ventilation")
PERMEABILITY = FEATURES.index("soil_permeability")
BARO_TENDENCY = FEATURES.index("baro_tendency")


@dataclass
class Config:
    hidden: int = 24
    act_impl: str = "recompute"   # "recompute" (double-backward safe) or "fused" (once differentiable, faster)
    elu_alpha: float = 1.0
    mono_weight: float = 2.0
    steps: int = 4
    batch: int = 32
    lr: float = 3e-3
