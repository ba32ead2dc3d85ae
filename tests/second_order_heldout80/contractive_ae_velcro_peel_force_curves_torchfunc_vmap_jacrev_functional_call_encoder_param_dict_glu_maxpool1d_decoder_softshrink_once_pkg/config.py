"""Run settings for the velcro peel-curve contractive autoencoder."""
from types import SimpleNamespace

CFG = SimpleNamespace(
    curve_len=48,
    latent=6,
    width=12,
    batch=16,
    steps=5,
    lr=1e-3,
    contractive_weight=0.05,
    seed=7,
)
