"""Settings for the runway fog-field forecaster (torch-free)."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Settings:
    grid: int = 16              # 16 x 16 cells of 250 m around the runway threshold
    past: int = 4               # input frames (10-minute fog-density analyses)
    future: int = 2             # predicted frames
    batch: int = 4
    steps: int = 4
    lr_g: float = 2e-4
    lr_d: float = 2e-4
    r1_gamma: float = 5.0
    r1_every: int = 2           # lazy R1
    # handlers of the "penalty" event that actually run; "fake_gp" exists but is not enabled here
    penalties: tuple = ("r1", "drift")
    rvr_weight: float = 4.0     # extra weight on cells along the runway centreline


CFG = Settings()
