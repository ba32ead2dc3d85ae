import torch.nn as nn

_ACTS = {"relu": nn.ReLU, "hardswish": nn.Hardswish, "gelu": nn.GELU}
_POOLS = {"max": nn.MaxPool2d, "avg": nn.AvgPool2d}


def _block(cin, cout, act, pool):
    return [nn.Conv2d(cin, cout, 3, padding=1), _ACTS[act](), _POOLS[pool](2)]


def bead_cnn(width=16, act="relu", pool="max", classes=10, **extra):
    return nn.Sequential(
        *_block(1, width, act, pool),
        *_block(width, 2 * width, act, pool),
        nn.Flatten(),
        nn.Linear(2 * width * 4 * 4, classes),
    )


def bead_mlp(width=64, act="relu", classes=10, **extra):
    return nn.Sequential(nn.Flatten(), nn.Linear(256, width), _ACTS[act](), nn.Linear(width, classes))
