"""K-FAC training of a sleep-stage classifier (no torch here)."""

N_STAGES = 5
FEATURES = 20
HIDDEN = 32
LOSS = "nll"
DAMPING = 1e-2
EMA = 0.9
LR = 0.02
STEPS = 6
BATCH = 32
