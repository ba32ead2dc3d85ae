"""Hyper-parameters for the heirloom-seed basket completion model (plain dict, no torch import)."""

CONFIG = {
    "data": {"n_items": 300, "n_categories": 12, "basket_min": 2, "basket_max": 9, "negatives": 4},
    "model": {"dim": 32, "tower": [64, 32], "bag_mode": "mean"},
    "train": {"steps": 5, "batch": 32, "lr": 3e-3, "smooth_weight": 0.1, "seed": 13},
}
