"""Layer factories: activations by torch.nn class name, pooling by short key."""
import torch.nn as nn

POOL_FACTORY = {
    "avg": lambda: nn.AvgPool1d(2),
    "lp": lambda: nn.LPPool1d(2, 2),
    "max": lambda: nn.MaxPool1d(2),
}


def activation(name):
    return getattr(nn, name)()


def conv_stage(cin, cout, kernel, act, pool):
    return nn.Sequential(
        nn.Conv1d(cin, cout, kernel, padding=kernel // 2),
        activation(act),
        POOL_FACTORY[pool](),
    )
