"""Kiln firing-curve regression settings, read as attributes at the top level (SimpleNamespace(**RAW))."""
from types import SimpleNamespace

RAW = {
    "model": {"width": 16},
    "reg": {"curvature": True, "weight": 0.1},
    "train": {"steps": 2, "batch": 12, "lr": 1e-3},
}

hp = SimpleNamespace(**RAW)
