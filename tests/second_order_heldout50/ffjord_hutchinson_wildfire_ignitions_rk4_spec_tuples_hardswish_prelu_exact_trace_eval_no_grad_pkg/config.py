"""FFJORD-style continuous normalising flow for wildfire ignition locations (normalised easting/northing)."""
CONFIG = {
    "field_spec": [
        ("concatsquash", 32, "hswish"),
        ("concatsquash", 32, "prelu"),
        ("concatsquash", 2, None),
    ],
    "T": 1.0,
    "rk4_steps": 3,
    "estimator": "hutchinson",      # exact divergence is only used for evaluation
    "kinetic_weight": 0.01,
    "lr": 3e-3,
    "iters": 4,
    "batch": 64,
    "eval_grid": 12,
}
