import torch.nn as nn


class Replica(nn.Module):
    """Stand-in for DistributedDataParallel on one process: forwards to .module."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)
