"""Experiment settings for the gantry-crane LNN (plain dicts, no torch import)."""

CFG = {
    "plant": {"trolley_mass": 2.0, "payload_mass": 0.6, "cable_length": 0.9, "g": 9.81},
    "model": {
        "layers": ["linear", "act", "linear", "act", "linear"],
        "hidden": 48,
        "act": "gelu_tanh",
        "potential_hidden": 16,
    },
    "train": {"batch": 12, "steps": 3, "lr": 1e-3, "seed": 3, "encoder_window": 5},
}
