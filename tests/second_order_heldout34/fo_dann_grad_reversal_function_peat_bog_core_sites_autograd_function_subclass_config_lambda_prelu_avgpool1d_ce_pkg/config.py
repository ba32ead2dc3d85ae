"""DANN settings (no torch)."""
CORE_LEN = 16
N_HORIZONS = 4
REVERSAL_LAMBDA = 0.3
LR = 1e-3
EPOCHS = 3
