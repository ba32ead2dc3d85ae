"""Seismic first-break picker settings."""

CFG = {
    "model": {"channels": 4, "hidden": 12},
    "reg": {"kind": "none", "lam": 0.05},
    "train": {"steps": 2, "batch": 8, "lr": 1e-3},
}
