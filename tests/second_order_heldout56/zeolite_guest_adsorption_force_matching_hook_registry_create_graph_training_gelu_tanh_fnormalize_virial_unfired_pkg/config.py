"""Hyper-parameters for the zeolite guest-adsorption potential (plain module constants)."""

N_GUEST_ATOMS = 5          # e.g. a small alkane, united-atom
N_TYPES = 3
N_FRAMEWORK = 24           # framework O atoms of one cage (synthetic)
N_RBF = 12
HIDDEN = 32
CUTOFF = 4.5
BATCH = 6
STEPS = 3
LR = 1e-3
FORCE_WEIGHT = 10.0
VAL_EVERY = 0              # 0 = no validation loop (the stress hook only runs on validation)
CLIP_NORM = 5.0
