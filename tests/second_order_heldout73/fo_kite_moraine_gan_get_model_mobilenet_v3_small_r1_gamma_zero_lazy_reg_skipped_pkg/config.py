"""Kite-aerial glacial moraine tile GAN. R1 is disabled for this baseline run (r1_gamma = 0)."""
CONFIG = {
    "disc_arch": "mobilenet_v3_small",
    "res": 64,
    "z_dim": 32,
    "batch": 2,
    "steps": 2,
    "lr": 2e-4,
    "r1_gamma": 0.0,
    "r1_every": 4,
}
