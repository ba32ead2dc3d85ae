"""Few-shot koi variety recognition (Kohaku, Sanke, Showa, Asagi, ...) from scale-pattern
colour histograms. Plain constants, read by the other modules."""

N_WAY = 5
K_SHOT = 3
K_QUERY = 4
IN_DIM = 24          # 8 hue bins x (dorsal, lateral, fin) regions

INNER_LR = 0.4
INNER_STEPS = 2
META_LR = 1e-3
META_BATCH = 2
EPOCHS = 2
TASKS_PER_EPOCH = 2
FIRST_ORDER = False  # full second-order MAML

# (block name in blocks.BLOCKS, kwargs); built in this order by learner.Learner
LAYERS = [
    ("dense", {"out_dim": 32}),
    ("gnorm", {"groups": 4}),
    ("act", {"fn": "hardswish"}),
    ("dense", {"out_dim": 32}),
    ("act", {"fn": "tanh"}),
    ("dense", {"out_dim": N_WAY}),
]
