"""Dataset condensation by gradient matching (Zhao et al. 2021) for Sentinel-2 flood-mapping tiles.

Bands B2, B3, B4, B8 (blue, green, red, NIR); classes: open water, flooded vegetation, dry land.
"""
from dataclasses import dataclass, field


@dataclass
class CondenseConfig:
    bands: int = 4
    tile: int = 16
    n_classes: int = 3
    real_per_class: int = 24
    ipc: int = 2                     # synthetic images per class
    width: int = 16
    # ConvNet-D2 as in the DC paper: conv -> instance norm -> relu -> avg pool, twice
    net_spec: list = field(default_factory=lambda: [
        ("conv", 16), ("instancenorm",), ("relu",), ("avgpool",),
        ("conv", 16), ("instancenorm",), ("relu",), ("avgpool",),
    ])
    outer_loops: int = 2
    inner_loops: int = 2
    lr_img: float = 0.1
    lr_net: float = 0.01
    dsa: bool = True
    dsa_scale: float = 0.2
    dsa_rotate_deg: float = 15.0
