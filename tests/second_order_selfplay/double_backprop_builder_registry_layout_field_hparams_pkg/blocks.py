import torch
from torch import nn

REG = {}


def builder(tag):
    def wrap(make):
        REG[tag] = make
        return make
    return wrap


@builder("conv_prelu")
def conv_prelu(ch):
    return [nn.Conv1d(ch, ch, 3, padding=1), nn.PReLU(ch)]


@builder("conv_relu6")
def conv_relu6(ch):
    return [nn.Conv1d(ch, ch, 3, padding=1), nn.ReLU6()]


@builder("pool")
def pool(ch):
    return [nn.AvgPool1d(2)]


class SeismicNet(nn.Module):
    def __init__(self, hp):
        super().__init__()
        mods = [nn.Conv1d(1, hp.channels, 5, padding=2)]
        for tag in hp.layout:
            mods.extend(REG[tag](hp.channels))
        self.body = nn.Sequential(*mods)
        self.head = nn.Linear(hp.channels * 16, 1)

    def forward(self, x):
        return self.head(self.body(x).flatten(1))
