"""Settings for the natural-dye swatch reflectance GAN (madder, weld, indigo, cochineal, ...)."""
from types import SimpleNamespace

cfg = SimpleNamespace(
    n_wavelengths=48,          # 400-700 nm reflectance, 6.25 nm bins
    z_dim=12,
    n_dyes=6,
    hidden=32,
    steps=12,
    batch=16,
    lr_g=1e-3,
    lr_d=1e-3,
    # lazy R1: start regularising once D has left the initial transient, then every d_reg_every steps
    r1_gamma=1.0,
    d_reg_every=8,
    reg_start_step=2000,
)
