"""Experiment settings (mirrors configs/greenhouse.yaml)."""

CONFIG = {
    "data": {"window": 24, "sensors": 4, "batch": 16},
    "model": {"channels": 8, "hidden": 16},
    "hyper": {
        "init_lr": 0.05,
        "hyper_lr": 1e-3,
        # Exact second-order hypergradients were too slow on the edge box: use the
        # first-order (T1-T2, Luketina et al. 2016) approximation.
        "second_order": False,
    },
    "train": {"steps": 3},
}
