from functools import partial

import torch.nn as nn

ACTS = {
    "relu": nn.ReLU,
    "gelu_tanh": partial(nn.GELU, approximate="tanh"),
    "hswish": nn.Hardswish,
}

POOLS = {"avg": nn.AvgPool1d, "max": nn.MaxPool1d}
