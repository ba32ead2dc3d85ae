CONFIG = {
    "model": {"channels": 4, "hidden": 12, "kernel": 5, "horizon": 1},
    "meta": {"init_log_lr": -3.0, "meta_lr": 0.05, "unroll": 1},
    "train": {"epochs": 3, "window": 24, "batch": 8},
}
