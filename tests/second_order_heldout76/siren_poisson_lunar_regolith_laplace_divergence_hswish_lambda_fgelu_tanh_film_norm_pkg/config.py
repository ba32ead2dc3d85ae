"""Settings: SIREN Poisson reconstruction of night-time lunar regolith brightness-temperature maps."""
CONFIG = {
    "first_omega": 30.0,
    "hidden_omega": 30.0,
    "hidden": 64,
    "n_sine_layers": 3,
    "head_act": "hardswish",
    "code_dim": 8,
    "n_scenes": 2,
    "n_points": 256,
    "steps": 8,
    "lr": 1e-4,
    "loss_weights": {"laplacian": 1.0, "gradient": 0.1, "mean": 1.0},
}
