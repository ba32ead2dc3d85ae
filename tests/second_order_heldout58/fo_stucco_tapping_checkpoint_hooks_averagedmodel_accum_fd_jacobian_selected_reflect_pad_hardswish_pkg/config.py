"""Stucco facade delamination from hammer-tapping recordings (sound / hollow / cracked)."""

CLASSES = ["sound", "hollow", "cracked"]
SIGNAL_LEN = 96

MODEL = {"channels": 16, "n_blocks": 3, "checkpoint": True}
HOOKS = {"edge_pad": 3}

TRAIN = {
    "steps": 3,
    "micro_batch": 6,
    "accum": 2,
    "lr": 1e-3,
    "swa_decay": 0.9,
}

# input-smoothness regulariser: "fd" (finite differences), "autograd" (double backprop) or "none"
REG = {"name": "fd", "weight": 0.05, "eps": 1e-2}
