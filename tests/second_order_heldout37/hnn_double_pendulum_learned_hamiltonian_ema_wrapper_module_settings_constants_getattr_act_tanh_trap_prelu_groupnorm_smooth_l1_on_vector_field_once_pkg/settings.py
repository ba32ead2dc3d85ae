"""Run settings (no torch import)."""
STATE_DIM = 4          # (q1, q2, p1, p2)
HIDDEN = 24
ACT = "Tanh"
GATE_GROUPS = 4
EMA_DECAY = 0.99
STEPS = 5
BATCH = 32
LR = 3e-3
