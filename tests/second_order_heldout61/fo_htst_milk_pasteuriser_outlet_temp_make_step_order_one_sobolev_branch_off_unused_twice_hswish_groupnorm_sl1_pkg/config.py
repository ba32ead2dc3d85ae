"""HTST milk pasteuriser: plate heat-exchanger outlet temperature surrogate."""
CFG = {
    "order": 1,               # 2 would add the heating-rate (Sobolev) term
    "lam_rate": 0.5,
    "act": "hswish",
    "norm": "group",
    "widths": (32, 32),
    "loss": "sl1",
    "steps": 3,
    "batch": 64,
    "lr": 2e-3,
    "seed": 31,
    "hold_temp": 72.0,        # degC, legal minimum at the holding tube
}
