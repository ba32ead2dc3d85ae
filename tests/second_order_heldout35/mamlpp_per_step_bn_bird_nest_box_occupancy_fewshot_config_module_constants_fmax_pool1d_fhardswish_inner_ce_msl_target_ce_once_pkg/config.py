"""MAML++ settings for few-shot nest-box occupancy classification (no torch here)."""

N_WAY = 3
K_SHOT = 2
K_QUERY = 4
SERIES_LEN = 32

INNER_STEPS = 2
INNER_LR = 0.1
META_LR = 1e-3
META_BATCH = 2

# MAML++: multi-step loss (MSL); derivative-order annealing: first order before FIRST_ORDER_EPOCHS
USE_MSL = True
FIRST_ORDER_EPOCHS = 0
EPOCHS = 2
