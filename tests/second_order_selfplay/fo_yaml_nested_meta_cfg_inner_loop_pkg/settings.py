"""Run settings, as loaded from experiments/kiln_firing.yaml (kept as a literal so the script runs stand-alone)."""

EXPERIMENT = {
    "data": {"ways": 3, "shots": 4, "length": 32},
    "model": {"width": 16, "groups": 4},
    "meta": {
        "inner": {"lr": 0.05, "steps": 2},
        "outer": {"lr": 1e-3, "tasks": 2},
        # first-order MAML: the inner gradients are constants for the outer update
        "second_order": False,
    },
}
