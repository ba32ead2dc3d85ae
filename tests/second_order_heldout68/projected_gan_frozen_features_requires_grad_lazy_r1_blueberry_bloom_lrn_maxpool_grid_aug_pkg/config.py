"""Projected-GAN-lite for close-up photos of blueberry wax bloom (grading: intact bloom vs. rubbed fruit)."""
from types import SimpleNamespace

CFG = SimpleNamespace(
    z_dim=16,
    img=16,
    batch=8,
    steps=4,
    lr_g=2e-4,
    lr_d=2e-4,
    r1_gamma=1.0,
    r1_every=2,          # lazy regularisation (StyleGAN2): R1 on every 2nd critic step, scaled by the interval
    translate=0.125,     # DiffAugment translation fraction
)
