import torch.nn as nn

import config
from blocks import BLOCKS


class Learner(nn.Module):
    """Holds the meta-parameters; forward can run with any list of fast weights."""

    def __init__(self, layers=config.LAYERS, in_dim=config.IN_DIM):
        super().__init__()
        self.blocks, self.slices = [], []
        self.vars = nn.ParameterList()
        dim = in_dim
        for name, kwargs in layers:
            block = BLOCKS[name](dim, **kwargs)
            params, dim = block.init_params()
            start = len(self.vars)
            for p in params:
                self.vars.append(nn.Parameter(p))
            self.blocks.append(block)
            self.slices.append((start, len(self.vars)))

    def forward(self, x, vars=None):
        if vars is None:
            vars = list(self.vars)
        for block, (a, b) in zip(self.blocks, self.slices):
            x = block.apply(x, vars[a:b])
        return x

    def parameters_list(self):
        return list(self.vars)
