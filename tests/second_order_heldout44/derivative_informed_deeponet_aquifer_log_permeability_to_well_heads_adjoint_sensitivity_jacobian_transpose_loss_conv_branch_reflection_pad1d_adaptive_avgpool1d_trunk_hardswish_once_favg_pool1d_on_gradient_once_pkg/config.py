"""Derivative-informed DeepONet for a confined aquifer: log-permeability field -> hydraulic head at wells."""

CFG = {
    "grid": {"n": 64, "length": 1.0, "recharge": 1.0, "head_left": 0.0, "head_right": 0.2},
    "prior": {"corr_len": 0.15, "std": 0.8, "mean": 0.0},
    "data": {"n_fields": 24, "n_wells": 10, "n_adjoint_dirs": 2, "seed": 3},
    "branch": {"channels": [1, 8, 16], "kernel": 5, "act": "Tanh", "pool_to": 8, "latent": 32},
    "trunk": {"hidden": [32, 32], "act": "Hardswish", "latent": 32},
    "loss": {"w_data": 1.0, "w_jac": 0.5, "coarse": 4},
    "train": {"epochs": 3, "batch": 8, "lr": 1e-3},
}
