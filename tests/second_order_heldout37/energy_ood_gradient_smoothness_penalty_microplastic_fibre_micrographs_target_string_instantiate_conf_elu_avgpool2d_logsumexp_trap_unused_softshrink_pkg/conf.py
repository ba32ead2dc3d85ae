"""Experiment configuration (plain Python, no torch import): hydra-style `_target_` nodes."""

IMAGE_SIZE = 8
N_CLASSES = 4

MODEL = {
    "stem": [
        {"_target_": "torch.nn.Conv2d", "in_channels": 1, "out_channels": 8, "kernel_size": 3, "padding": 1},
        {"_target_": "torch.nn.ELU", "alpha": 0.8},
        {"_target_": "torch.nn.AvgPool2d", "kernel_size": 2},
        {"_target_": "torch.nn.Conv2d", "in_channels": 8, "out_channels": 8, "kernel_size": 3, "padding": 1},
        {"_target_": "torch.nn.Tanh"},
    ],
    "head": {"_target_": "torch.nn.Linear", "in_features": 8 * 4 * 4, "out_features": N_CLASSES},
}

# kept for the ablation in the paper appendix; not used by train.py
ABLATION_STEM = [
    {"_target_": "torch.nn.Conv2d", "in_channels": 1, "out_channels": 8, "kernel_size": 3, "padding": 1},
    {"_target_": "torch.nn.Softshrink", "lambd": 0.1},
]

TRAIN = {
    "steps": 5,
    "lr": 2e-3,
    "smooth_weight": 0.5,
    "margin_in": -5.0,
    "margin_out": -1.0,
    "energy_weight": 0.1,
}
