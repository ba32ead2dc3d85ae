"""DP-friendly image classifiers (GroupNorm instead of BatchNorm), chosen by name from a registry."""
import functools

import torch.nn as nn
import torch.nn.functional as F


def log_shapes(fn):
    @functools.wraps(fn)
    def wrapper(self, x):
        self.last_input_shape = tuple(x.shape)
        return fn(self, x)
    return wrapper


class GNConvNet(nn.Module):
    def __init__(self, n_classes=10, width=32):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 3, padding=1)
        self.gn1 = nn.GroupNorm(8, width)
        self.conv2 = nn.Conv2d(width, 2 * width, 3, padding=1)
        self.gn2 = nn.GroupNorm(8, 2 * width)
        self.pool = nn.AvgPool2d(2)
        self.fc = nn.Linear(2 * width * 8 * 8, n_classes)

    @log_shapes
    def forward(self, x):
        x = self.pool(F.hardtanh(self.gn1(self.conv1(x))))
        x = self.pool(F.hardtanh(self.gn2(self.conv2(x))))
        return self.fc(x.flatten(1))


class GatedHead(nn.Module):
    def __init__(self, in_dim=3 * 32 * 32, hidden=256, n_classes=10):
        super().__init__()
        self.proj = nn.Linear(in_dim, 2 * hidden)
        self.glu = nn.GLU()
        self.out = nn.Linear(hidden, n_classes)

    def forward(self, x):
        return self.out(self.glu(self.proj(x.flatten(1))))


class ReplicaWrapper(nn.Module):
    """Stand-in for DistributedDataParallel on one process: keeps the model as .module."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)


MODELS = {"gnconv": GNConvNet, "gated": GatedHead}
