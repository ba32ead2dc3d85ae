"""Hyper-parameters of the sonar multi-task run (module constants, no torch)."""
PING_LEN = 32
HEAD_KEYS = ["depth", "obstacle"]
LOOKAHEAD = True          # differentiate through the one-step lookahead
INNER_LR = 0.05
WEIGHT_LR = 0.02
MODEL_LR = 1e-3
STEPS = 3
BATCH = 16
