"""Settings for the elevator-door trace autoencoder with an encoder Lipschitz penalty."""
CFG = {
    "data": {"channels": 2, "length": 64, "n_train": 48},   # motor current, door position encoder
    "model": {"width": 16, "latent": 8, "pool_to": 8},
    "reg": {"lipschitz_target": 0.25, "weight": 0.1, "every": 1},
    "optim": {"lr": 2e-3, "steps": 6, "batch": 8},
}
