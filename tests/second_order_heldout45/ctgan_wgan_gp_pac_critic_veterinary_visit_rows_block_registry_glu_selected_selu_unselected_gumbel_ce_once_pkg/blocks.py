"""Critic building blocks, registered by name."""
import torch.nn as nn

BLOCKS = {}


def register(name):
    def deco(cls):
        BLOCKS[name] = cls
        return cls
    return deco


@register("leaky")
class LeakyBlock(nn.Module):
    """Original CTGAN critic block."""

    def __init__(self, d_in, d_out):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, d_out), nn.LeakyReLU(0.2), nn.Dropout(0.5))

    def forward(self, x):
        return self.net(x)


@register("glu")
class GatedBlock(nn.Module):
    """TabNet-flavoured gated linear unit with a pre-gate LayerNorm."""

    def __init__(self, d_in, d_out):
        super().__init__()
        self.fc = nn.Linear(d_in, 2 * d_out)
        self.norm = nn.LayerNorm(2 * d_out)
        self.gate = nn.GLU(dim=-1)

    def forward(self, x):
        return self.gate(self.norm(self.fc(x)))


@register("selu")
class SelfNormalisingBlock(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)
        self.act = nn.SELU()

    def forward(self, x):
        return self.act(self.fc(x))


def make_block(name, d_in, d_out):
    return BLOCKS[name](d_in, d_out)
