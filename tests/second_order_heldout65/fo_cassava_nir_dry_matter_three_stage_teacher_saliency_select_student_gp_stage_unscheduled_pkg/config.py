"""Cassava root dry-matter prediction from handheld NIR spectra (900-1700 nm), three-stage pipeline."""

PIPELINE = ("pretrain", "distill", "calibrate")   # "robust_finetune" exists in stages.STAGES but is not scheduled

CONFIG = {
    "n_wavelengths": 96,
    "batch": 32,
    "seed": 29,
    "pretrain": {"steps": 3, "lr": 2e-3, "width": 16},
    "distill": {"steps": 4, "lr": 3e-3, "top_k": 24, "hidden": 32, "ema": 0.95},
    "robust_finetune": {"steps": 3, "lr": 1e-3, "input_grad_weight": 0.1},
    "calibrate": {"n": 128, "alpha": 0.1},
}
