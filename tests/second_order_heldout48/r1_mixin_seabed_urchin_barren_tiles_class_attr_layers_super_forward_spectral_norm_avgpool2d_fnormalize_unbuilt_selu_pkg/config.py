"""Configuration for the urchin-barren tile GAN (R1-regularised critic)."""
from dataclasses import dataclass


@dataclass
class TrainConfig:
    image_size: int = 16
    latent_dim: int = 32
    batch_size: int = 8
    steps: int = 3
    lr_d: float = 2e-4
    lr_g: float = 2e-4
    betas: tuple = (0.0, 0.99)
    r1_gamma: float = 5.0
    r1_every: int = 1          # lazy regularisation interval (StyleGAN2 uses 16)
    aux_weight: float = 0.2    # self-supervised rotation head on the critic trunk
    n_rotations: int = 4
    seed: int = 0
    log_every: int = 1


def describe(cfg):
    return ", ".join(f"{k}={v}" for k, v in vars(cfg).items())
