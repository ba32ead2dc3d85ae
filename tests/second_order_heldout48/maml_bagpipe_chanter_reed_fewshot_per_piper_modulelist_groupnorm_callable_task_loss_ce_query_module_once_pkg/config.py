"""Few-shot reed classification: one task = one piper's chanter, N reed makers to tell apart."""
IN_CH = 1
SPEC_LEN = 64          # log-magnitude spectrum bins around the chanter's low A
WIDTHS = (16, 32, 32)
GROUPS = 4
N_WAY = 4
K_SHOT = 3
K_QUERY = 5

INNER_LR = 0.1
INNER_STEPS = 2
FIRST_ORDER = False    # full second-order MAML
META_LR = 1e-3
META_BATCH = 2
META_ITERS = 3

TASK_LOSS = "ce"       # key of meta.TASK_LOSSES
QUERY_SMOOTHING = 0.1
SEED = 7
