"""Glacier-borehole heat PINN settings: a nested dict turned into nested SimpleNamespaces."""
from types import SimpleNamespace


def to_namespace(tree):
    return SimpleNamespace(**{k: to_namespace(v) if isinstance(v, dict) else v for k, v in tree.items()})


SETTINGS = {
    "model": {"act": "hardswish", "width": 24, "depth": 2},
    "physics": {"kappa": 0.05},
    "train": {"iters": 2, "n": 64, "lr": 1e-3},
}

opts = to_namespace(SETTINGS)
