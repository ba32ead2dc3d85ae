"""Multi-task setup: felt hardness (Shore A) regression + voicing class (mellow / even / bright) from tap audio."""
CONFIG = {
    "signal_len": 64,
    "width": 12,
    "steps": 4,
    "batch": 16,
    "lr": 1e-3,
    "alpha": 1.5,
    "exact_gradnorm": False,
    "checkpoint_blocks": True,
}
