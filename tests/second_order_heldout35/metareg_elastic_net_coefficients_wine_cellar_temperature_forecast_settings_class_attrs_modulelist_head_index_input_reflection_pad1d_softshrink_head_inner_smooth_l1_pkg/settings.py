"""Experiment settings (plain Python, imported by every module)."""


class Data:
    WINDOW = 24
    HORIZON = 4
    BATCH = 16


class Model:
    CHANNELS = 8
    HEADS = ("dense_hswish", "dense_shrink")
    HEAD_INDEX = 1  # the shrinkage head won the sweep


class Meta:
    INNER_LR = 0.05
    META_LR = 1e-3
    EPOCHS = 3
    INIT_L1 = -4.0
    INIT_L2 = -3.0
