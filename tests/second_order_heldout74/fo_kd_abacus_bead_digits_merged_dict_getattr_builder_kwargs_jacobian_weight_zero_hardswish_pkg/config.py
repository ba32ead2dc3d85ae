"""Distillation settings for the abacus bead-reading student (soroban photos -> digit per rod)."""

DEFAULTS = {
    "teacher_arch": "bead_cnn",
    "teacher_kwargs": {"width": 32, "act": "relu"},
    "student_arch": "bead_cnn",
    "student_kwargs": {"width": 8, "act": "relu", "pool": "max"},
    "temperature": 4.0,
    "kd_weight": 0.9,
    "jacobian_weight": 1.0,
    "lr": 2e-3,
    "steps": 4,
    "batch": 24,
}

EXPERIMENT = {
    "student_kwargs": {"width": 8, "act": "hardswish", "pool": "avg"},
    "jacobian_weight": 0.0,
}


def resolve():
    return {**DEFAULTS, **EXPERIMENT}
