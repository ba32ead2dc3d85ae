"""Hyper-parameters of the lens-flare regressor (plain constants, no framework import)."""
SECOND_ORDER = False
INNER_STEP = 0.05
INNER_ITERS = 2
EPOCHS = 2
