"""Wow-and-flutter estimation for digitised cassette tapes (3.15 kHz test-tone segments)."""

CONFIG = {
    "segment": 96,                      # samples of the demodulated pitch deviation
    "layers": [
        ("conv", 1, 16, 9),
        ("selu",),
        ("lppool", 2, 2),
        ("conv", 16, 24, 5),
        ("selu",),
        ("lppool", 2, 2),
    ],
    "targets": ["wow_pct", "flutter_pct", "drift_hz"],
    "grad_checkpoint": True,
    "lr": 2e-3,
    "weight_decay": 1e-4,
    "swa_start": 2,
    "steps": 4,
    "batch": 8,
    "callbacks": {
        "best_state": True,
        "per_sample_grad_log": True,
        "curvature_every": 0,           # Hessian-vector curvature report; 0 = off
    },
}
