"""Auto-decoder SDF settings for airship envelope hulls. Lookup order: CLI > lab profile > defaults."""
from collections import ChainMap

DEFAULTS = {
    "latent_dim": 8,
    "width": 64,
    "depth": 3,
    "act": "softplus",
    "norm": "layer",
    "normalize_latent": False,
    "eikonal_weight": 0.1,
    "latent_reg": 1e-4,
    "lr": 1e-3,
    "iters": 6,
    "points": 256,
}

HULL_LAB = {
    "act": "elu",
    "norm": "group",
    "normalize_latent": True,
}

NET_KEYS = ("latent_dim", "width", "depth", "act", "norm", "normalize_latent")


def load(cli_overrides=None):
    return ChainMap(dict(cli_overrides or {}), HULL_LAB, DEFAULTS)


def net_kwargs(cfg):
    return {k: cfg[k] for k in NET_KEYS}
