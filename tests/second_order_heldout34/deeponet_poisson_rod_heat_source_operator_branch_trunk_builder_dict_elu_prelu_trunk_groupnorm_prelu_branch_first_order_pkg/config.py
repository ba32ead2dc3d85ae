"""Settings for the DeepONet Poisson solver (no torch here)."""
N_SENSORS = 12
LATENT = 10
TRUNK_BLOCKS = ("elu", "prelu", "tanh")
BRANCH_BLOCKS = ("gn_prelu",)
HIDDEN = 16
N_COLLOCATION = 10
BATCH_FUNCS = 4
PDE_WEIGHT = 1.0
BC_WEIGHT = 10.0
LR = 1e-3
STEPS = 3
