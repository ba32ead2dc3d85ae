"""Hyperparameters of the quarry-face SDF (plain constants, no torch)."""
ENCODER_LAYERS = ["selu", "tanh"]
WIDTH = 16
EIKONAL_WEIGHT = 0.1
STEPS = 2
