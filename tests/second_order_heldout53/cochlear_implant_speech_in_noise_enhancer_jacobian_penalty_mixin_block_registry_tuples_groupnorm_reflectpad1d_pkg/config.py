"""Run configuration for the cochlear-implant front-end enhancer (plain dicts, no torch)."""

CONFIG = {
    "frame": 16,                # samples per encoder frame (non-overlapping)
    "channels": 32,
    "hidden": 48,
    # separator: (block name, kwargs) in order
    "blocks": [
        ("tcn", {"dilation": 1}),
        ("tcn", {"dilation": 2}),
        ("tcn", {"dilation": 4}),
    ],
    "bandwidth_extension": False,
    "reg": {"jacobian_weight": 0.02, "probes": 1},
    "train": {"batch": 4, "seconds": 0.128, "sr": 8000, "lr": 5e-4, "steps": 3, "snr_db": 0.0},
}
