"""Experiment settings for the leather-hide defect synthesiser (grain scars, insect bites, brand marks)."""
from dataclasses import dataclass, field


@dataclass
class GANConfig:
    image_size: int = 16
    channels: int = 3
    z_dim: int = 32
    g_width: int = 32
    d_width: int = 24
    discriminator: str = "resnet"      # "resnet" | "patch"
    batch_size: int = 8
    steps: int = 3
    lr_g: float = 2e-4
    lr_d: float = 2e-4
    betas: tuple = (0.0, 0.99)
    r1_gamma: float = 1.0
    ema_decay: float = 0.999
    defect_classes: tuple = field(default_factory=lambda: ("scar", "bite", "brand", "fold"))
    seed: int = 7


CFG = GANConfig()
