"""Nested configuration of the thin-section GAN."""

CFG = {
    "data": {"size": 16, "batch": 8},
    "gen": {"latent": 16, "width": 16},
    "disc": {"width": 16, "act": "lrelu", "down": "avg", "pad": "reflect"},
    "loss": {"r1_gamma": 1.0},
    "train": {"steps": 3, "lr": 2e-3},
}
