"""Run configuration: defaults plus a small argparse override layer."""
import argparse

DEFAULTS = {
    "channels": 6,
    "window": 64,
    "n_classes": 4,
    "width": 24,
    "act": "Hardswish",
    "jac_weight": 0.05,
    "n_proj": 1,
    "lr": 1e-3,
    "steps": 3,
    "batch": 32,
    "pgd_eps": 0.05,
    "pgd_steps": 3,
}


def parse():
    ap = argparse.ArgumentParser(description="Jacobian-regularised MEMS gyro fault classifier")
    ap.add_argument("--steps", type=int, default=DEFAULTS["steps"])
    ap.add_argument("--jac-weight", type=float, default=DEFAULTS["jac_weight"])
    ns = ap.parse_args()
    cfg = dict(DEFAULTS)
    cfg.update(steps=ns.steps, jac_weight=ns.jac_weight)
    return argparse.Namespace(**cfg)
