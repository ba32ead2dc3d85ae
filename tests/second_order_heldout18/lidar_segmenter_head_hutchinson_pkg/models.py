import torch.nn as nn


def build_point_segmenter(n_feat=4, hidden=32, n_cls=6):
    return nn.Sequential(
        nn.Linear(n_feat, hidden),
        nn.ELU(),
        nn.Linear(hidden, hidden),
        nn.PReLU(),
        nn.Linear(hidden, hidden),
        nn.Hardswish(),
        nn.Linear(hidden, n_cls),
        nn.LogSoftmax(dim=-1),
    )
