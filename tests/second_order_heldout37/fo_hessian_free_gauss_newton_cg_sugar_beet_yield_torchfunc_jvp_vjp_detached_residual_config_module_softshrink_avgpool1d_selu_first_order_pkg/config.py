"""Solver configuration (no torch import)."""
SEQ_LEN = 16
CHANNELS = 6
CG_ITERS = 5
DAMPING = 1e-2
OUTER_ITERS = 4
BATCH = 24
