"""Separator blocks, registered by name so configs can list them."""
import torch
import torch.nn as nn
import torch.nn.functional as F

BLOCKS = {}


def register_block(name):
    def deco(cls):
        BLOCKS[name] = cls
        return cls
    return deco


@register_block("tcn")
class TCNBlock(nn.Module):
    """Conv-TasNet style block: 1x1 conv -> gLN -> dilated depthwise conv -> 1x1 conv, residual."""

    def __init__(self, channels, hidden, dilation=1, kernel=3):
        super().__init__()
        self.inp = nn.Conv1d(channels, hidden, 1)
        self.act = nn.SiLU()
        self.norm = nn.GroupNorm(1, hidden)  # global layer norm over (C, T)
        self.pad = nn.ReflectionPad1d(dilation * (kernel - 1) // 2)
        self.dconv = nn.Conv1d(hidden, hidden, kernel, dilation=dilation, groups=hidden)
        self.out = nn.Conv1d(hidden, channels, 1)

    def forward(self, x):
        h = self.norm(self.act(self.inp(x)))
        h = self.dconv(self.pad(h))
        return x + self.out(self.act(h))


@register_block("prelu_tcn")
class PReLUTCNBlock(TCNBlock):
    def __init__(self, channels, hidden, dilation=1, kernel=3):
        super().__init__(channels, hidden, dilation, kernel)
        self.act = nn.PReLU()


@register_block("gated")
class GatedBlock(nn.Module):
    def __init__(self, channels, hidden, dilation=1, kernel=3):
        super().__init__()
        self.conv = nn.Conv1d(channels, 2 * channels, kernel, dilation=dilation, padding=dilation)

    def forward(self, x):
        return x + F.glu(self.conv(x), dim=1)


@register_block("lstm")
class LSTMBlock(nn.Module):
    def __init__(self, channels, hidden, **_):
        super().__init__()
        self.rnn = nn.LSTM(channels, hidden, batch_first=True)
        self.proj = nn.Linear(hidden, channels)

    def forward(self, x):
        h, _ = self.rnn(x.transpose(1, 2))
        return x + self.proj(h).transpose(1, 2)
