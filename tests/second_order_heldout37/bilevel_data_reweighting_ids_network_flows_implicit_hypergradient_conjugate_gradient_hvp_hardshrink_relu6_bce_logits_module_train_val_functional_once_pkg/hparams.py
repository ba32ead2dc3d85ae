"""Hyper-parameters (module constants, no torch import)."""
N_FEATURES = 6
HIDDEN = 12
N_TRAIN = 48
N_VAL = 24
NOISE_RATE = 0.3
INNER_STEPS = 10
INNER_LR = 0.1
OUTER_STEPS = 3
OUTER_LR = 1.0
CG_ITERS = 4
CG_DAMPING = 0.1
