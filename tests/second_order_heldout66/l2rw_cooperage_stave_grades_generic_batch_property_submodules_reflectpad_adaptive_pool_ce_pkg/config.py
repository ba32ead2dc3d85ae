"""Learning-to-reweight (Ren et al. 2018) for noisy stave grades from a cooperage's moisture/density scans."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Config:
    profile_len: int = 48                 # samples along the stave (moisture, density, grain angle)
    channels: tuple = (3, 12, 16)
    n_grades: int = 4                     # export, premium, standard, reject
    label_noise: float = 0.35
    clean_per_grade: int = 6              # hand-checked meta set from the master cooper
    inner_lr: float = 0.1
    lr: float = 3e-3
    steps: int = 4
    batch: int = 24
    stem_pad: dict = field(default_factory=lambda: {"padding": (2, 2), "mode": "replicate"})
    seed: int = 0
