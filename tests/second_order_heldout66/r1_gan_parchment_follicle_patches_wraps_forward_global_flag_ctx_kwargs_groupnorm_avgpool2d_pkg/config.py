"""Settings for the parchment-texture GAN (16x16 grey patches of follicle pattern, calf vs. goat vs. sheep skin)."""
from types import SimpleNamespace

SETTINGS = SimpleNamespace(
    image=16,
    z_dim=16,
    base=16,
    norm_groups=4,
    r1_gamma=5.0,
    r1_every=2,          # lazy R1, as in StyleGAN2
    steps=4,
    batch=8,
    lr=2e-4,
    seed=0,
)
