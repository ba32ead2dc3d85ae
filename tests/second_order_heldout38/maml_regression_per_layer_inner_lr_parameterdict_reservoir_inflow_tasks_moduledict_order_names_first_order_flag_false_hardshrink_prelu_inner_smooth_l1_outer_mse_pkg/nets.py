import torch.nn as nn

import config


class InflowRegressor(nn.Module):
    def __init__(self, hidden=config.HIDDEN, order=config.ORDER):
        super().__init__()
        self.order = list(order)
        self.layers = nn.ModuleDict({
            "inp": nn.Linear(config.IN_FEATURES, hidden),
            "shrink": nn.Hardshrink(lambd=0.05),
            "mid": nn.Linear(hidden, hidden),
            "prelu": nn.PReLU(hidden),
            "out": nn.Linear(hidden, 1),
        })

    def forward(self, x):
        for name in self.order:
            x = self.layers[name](x)
        return x


class PerLayerLR(nn.Module):
    """One learnable inner-loop step size per parameter tensor (Meta-SGD with layer granularity)."""

    def __init__(self, model, init=config.INIT_INNER_LR):
        super().__init__()
        self.lrs = nn.ParameterDict({
            name.replace(".", "__"): nn.Parameter(nn.init.constant_(p.new_empty(()), init))
            for name, p in model.named_parameters()
        })

    def __getitem__(self, name):
        return self.lrs[name.replace(".", "__")]
