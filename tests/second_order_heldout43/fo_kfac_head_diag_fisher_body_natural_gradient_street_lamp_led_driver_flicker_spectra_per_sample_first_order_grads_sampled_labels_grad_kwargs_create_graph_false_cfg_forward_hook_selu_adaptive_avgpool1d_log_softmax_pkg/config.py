"""Settings for the flicker-spectrum fault classifier with Fisher-preconditioned updates."""


class Config:
    n_lamps = 96
    n_bins = 48                   # photodiode flicker spectrum, 0-2 kHz
    classes = ("healthy", "ripple", "capacitor_ageing", "dimmer_mismatch")
    act = "selu"
    width = 8
    steps = 4
    batch = 12
    lr = 0.05
    seed = 13

    FISHER = {
        "labels": "sampled",                  # true Fisher: labels drawn from the model's predictive distribution
        "damping": 1e-2,
        "ema": 0.9,
        "kfac_head": True,
        # per-sample gradients only feed the curvature estimate; they are never differentiated again
        "grad_kwargs": {"create_graph": False, "retain_graph": True},
    }
