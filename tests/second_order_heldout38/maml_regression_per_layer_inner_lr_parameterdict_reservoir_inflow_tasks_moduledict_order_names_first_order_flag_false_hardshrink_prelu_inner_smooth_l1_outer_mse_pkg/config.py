"""MAML settings for reservoir-inflow regression tasks (no torch import here)."""

ORDER = ("inp", "shrink", "mid", "prelu", "out")
HIDDEN = 32
IN_FEATURES = 3
INNER_STEPS = 2
INIT_INNER_LR = 0.05
FIRST_ORDER = False
META_LR = 1e-3
META_BATCH = 4
ITERATIONS = 5
SHOTS = 10
