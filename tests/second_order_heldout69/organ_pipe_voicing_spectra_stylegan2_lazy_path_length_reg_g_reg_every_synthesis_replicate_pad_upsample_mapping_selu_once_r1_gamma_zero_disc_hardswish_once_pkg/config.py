"""Run configuration for the organ-pipe voicing spectra GAN."""
from dataclasses import dataclass


@dataclass(frozen=True)
class TrainConfig:
    # data: harmonic amplitude spectra of flue pipes, 64 partial bins, log-scaled
    n_bins: int = 64
    # networks
    z_dim: int = 16
    w_dim: int = 16
    base_len: int = 16
    channels: int = 24
    n_synth_layers: int = 2
    up_mode: str = "nearest"        # "nearest" | "nearest_blur"
    # optimisation
    steps: int = 8
    batch: int = 8
    lr: float = 2e-3
    # lazy regularisation (StyleGAN2): run the regulariser every N minibatches, scale by N
    r1_gamma: float = 0.0           # spectra discriminator is stable without R1
    d_reg_every: int = 16
    pl_weight: float = 2.0
    g_reg_every: int = 4
    pl_decay: float = 0.01
    pl_batch_shrink: int = 2


CFG = TrainConfig()
