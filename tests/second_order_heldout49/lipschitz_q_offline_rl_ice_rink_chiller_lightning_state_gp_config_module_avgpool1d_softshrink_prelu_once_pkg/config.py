"""Hyper-parameters of the ice-rink chiller-plant offline critic.

Imported as a plain module everywhere (``import config as C``); the LightningModule-style wrapper keeps a
reference (``self.cfg = config``) so that sweeps can monkey-patch attributes before building the module.
"""

SEED = 11

# logged plant data: a window of sensor history per decision
N_SENSORS = 6          # brine supply / return temp, slab temp, ambient, compressor amps, humidity
HISTORY = 16           # 15-minute samples
N_ACTIONS = 3          # compressor stage, brine pump speed, supply set-point offset
HIDDEN = 32

# fitted Q evaluation
GAMMA = 0.97
TAU = 0.05
LR = 3e-4
BATCH = 32
MAX_STEPS = 4
LOG_EVERY = 1

# Lipschitz regularisation of Q in the state (sensor) input
LIP_WEIGHT = 0.5       # > 0 switches the state-gradient penalty on
LIP_TARGET = 0.01      # one-sided: penalise only ||dQ/ds|| above this (standardised sensors)
SOFT_LAMBDA = 0.05     # soft-threshold of the spectral head
HUBER_BETA = 1.0
