"""Configuration for the Gauss-Newton Hessian-free forecaster of freeway on-ramp loop-detector occupancy."""

CFG = {
    "data": {
        "n_detectors": 6,          # mainline + ramp loops around one metered on-ramp
        "window": 24,              # 24 x 5-min intervals of history
        "horizon": 3,              # predict the next 15 min of ramp occupancy
        "n_train": 96,
        "n_val": 32,
    },
    "model": {
        # (kind, args) stages, built into an nn.ModuleDict in this order
        "stages": [
            ("reflect", 2),
            ("conv", 32, 5),
            ("glu",),
            ("reflect", 1),
            ("conv", 16, 3),
            ("silu",),
        ],
        "use_recurrent_summary": False,
        "hidden": 16,
    },
    "hf": {
        "outer_steps": 4,
        "cg_iters": 6,
        "init_damping": 1.0,
        "huber_beta": 0.5,
        "max_grad_norm": 10.0,
    },
}
