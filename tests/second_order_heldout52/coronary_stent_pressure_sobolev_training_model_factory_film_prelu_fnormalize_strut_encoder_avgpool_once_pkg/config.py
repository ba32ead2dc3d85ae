"""Run configuration for the stent pressure surrogate (Sobolev training against a CFD teacher)."""
from types import SimpleNamespace

_RAW = {
    "model": {"name": "film_mlp", "width": 48, "struts": 16, "enc_channels": 8, "feature_scale": 4.0},
    "sobolev": {"w_value": 1.0, "w_grad": 0.5, "grad_loss": "smooth_l1", "beta": 0.05},
    "train": {"steps": 3, "geometries": 8, "points": 64, "lr": 1e-3},
    "flow": {"pressure_gradient": 1.2, "strut_gain": 0.4, "strut_width": 0.15},
}


def _ns(d):
    return SimpleNamespace(**{k: _ns(v) if isinstance(v, dict) else v for k, v in d.items()})


CFG = _ns(_RAW)
