"""DP-SGD settings for the on-device dishwasher spray-arm blockage detector (torch-free)."""
from types import SimpleNamespace

cfg = SimpleNamespace(
    n_samples=256,
    classes=("free_spin", "partly_blocked", "jammed"),
    channels=8,
    batch=16,
    steps=4,
    lr=0.05,
    max_grad_norm=1.0,
    noise_multiplier=1.1,
    curvature_diagnostics=False,
    seed=0,
)
