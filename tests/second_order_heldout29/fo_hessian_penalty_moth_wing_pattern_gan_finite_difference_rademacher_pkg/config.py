"""Settings for the disentangled moth-wing pattern GAN."""
CONFIG = {
    "z_dim": 8,
    "batch": 8,
    "steps": 3,
    "lr": 2e-4,
    "hessian_penalty": {"weight": 0.1, "k": 2, "epsilon": 0.1, "reduction": "max"},
}
