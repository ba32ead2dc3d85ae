"""Experiment config for the stained-glass fragment WGAN-GP (leaded panes, 16x16 RGB crops)."""

CRITIC = {
    "widths": [12, 24],
    "act": "prelu",
    "norm": "gn",
    "down": "avg",
}

GENERATOR = {
    "z_dim": 32,
    "width": 24,
}

TRAIN = {
    "batch": 6,
    "iters": 2,
    "n_critic": 2,
    "lambda_gp": 10.0,
    "lr": 1e-4,
}
