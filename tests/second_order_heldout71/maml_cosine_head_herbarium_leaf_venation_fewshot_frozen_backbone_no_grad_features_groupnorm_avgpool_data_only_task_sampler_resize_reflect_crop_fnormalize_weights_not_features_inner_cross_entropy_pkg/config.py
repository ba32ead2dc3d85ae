"""Few-shot herbarium configuration (5-way 3-shot leaf venation types)."""
N_WAY = 5
K_SHOT = 3
N_QUERY = 4
RES = 24
FEAT_DIM = 32
INNER_STEPS = 2
INNER_LR = 0.5
META_LR = 1e-3
META_BATCH = 2
META_ITERS = 3
COS_SCALE = 10.0
SECOND_ORDER = True
