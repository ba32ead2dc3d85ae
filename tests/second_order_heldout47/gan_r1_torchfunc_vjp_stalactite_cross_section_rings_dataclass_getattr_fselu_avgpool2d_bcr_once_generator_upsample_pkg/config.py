"""GAN settings for stalactite cross-section growth-ring crops."""
from dataclasses import dataclass


@dataclass(frozen=True)
class GANConfig:
    image: int = 16
    z_dim: int = 16
    g_width: int = 16
    d_width: int = 12
    d_act: str = "selu"          # name of a torch.nn.functional activation for D
    g_act: str = "relu6"
    r1_gamma: float = 2.0        # R1 on real crops, input gradient via torch.func.vjp
    bcr_weight: float = 1.0      # balanced consistency regularisation (augment real & fake)
    batch: int = 16
    iters: int = 4
    lr_g: float = 2e-4
    lr_d: float = 4e-4
    seed: int = 31


CFG = GANConfig()
