"""Settings for the insulator-defect classifier with a saliency smoothness regulariser (no torch here)."""
from dataclasses import dataclass


@dataclass
class Config:
    in_ch: int = 3
    n_cls: int = 4  # healthy / flashover burn / broken skirt / heavy pollution
    img: int = 24
    pad: int = 1
    # (name, out_channels, stride, norm key, act key), built in this order
    stages: tuple = (
        ("stem", 12, 1, "gn", "softsign"),
        ("down", 24, 2, "gn", "softsign"),
        ("mix", 24, 1, "none", "relu"),
    )
    regulariser: str = "saliency_tv"
    reg_weight: float = 0.05
    lr: float = 2e-3
    steps: int = 4
    batch: int = 8
    preview_size: int = 48
    seed: int = 0
