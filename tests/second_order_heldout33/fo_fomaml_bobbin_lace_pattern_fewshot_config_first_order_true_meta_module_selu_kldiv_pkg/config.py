"""Fixed experiment configuration (no command-line overrides)."""
N_WAY = 3
K_SHOT = 2
N_QUERY = 3
INNER_LR = 0.1
INNER_STEPS = 2
META_LR = 1e-3
META_BATCH = 2
FIRST_ORDER = True
