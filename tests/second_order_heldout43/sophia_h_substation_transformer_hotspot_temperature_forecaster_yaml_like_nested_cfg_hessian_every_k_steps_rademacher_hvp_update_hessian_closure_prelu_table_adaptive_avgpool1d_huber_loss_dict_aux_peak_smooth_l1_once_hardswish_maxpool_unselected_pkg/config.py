"""Run configuration for the hot-spot forecaster (mirrors configs/hotspot_sophia.yaml)."""

CFG = {
    "data": {
        "n_series": 64,
        "window": 24,          # hours of load / ambient / top-oil history
        "channels": 3,
        "seed": 3,
    },
    "model": {
        "blocks": [
            {"kind": "conv", "out": 8, "kernel": 5, "act": "prelu"},
            {"kind": "conv", "out": 8, "kernel": 3, "act": "tanh"},
        ],
        "pool": {"kind": "adaptive_avg", "size": 4},
        "head_hidden": 16,
    },
    "loss": {"name": "huber", "delta": 1.0},
    "optim": {
        "name": "sophia_h",
        "lr": 0.02,
        "betas": [0.96, 0.99],
        "rho": 0.05,
        "weight_decay": 0.1,
        "hess_every": 2,
    },
    "aux": {"peak_weight": 0.2},
    "train": {"steps": 6, "batch": 16},
}
