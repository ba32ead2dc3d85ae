"""Hyper-parameters for the customs-declaration tariff classifier."""

VOCAB = 60
EMB = 16
HIDDEN = 24
N_TARIFF_GROUPS = 5
SEQ_LEN = 10
FISHER_WEIGHT = 0.1
STEPS = 6
BATCH = 16
