import torch
import torch.nn as nn


class Sine(nn.Module):
    def forward(self, x):
        return torch.sin(x)


ACTIVATIONS = {
    "tanh": nn.Tanh,
    "sine": Sine,
    "selu": nn.SELU,
    "hardtanh": nn.Hardtanh,
    "logsigmoid": nn.LogSigmoid,
}


def get_activation(name):
    try:
        return ACTIVATIONS[name]()
    except KeyError as err:
        raise ValueError(f"unknown activation {name!r}") from err


class DenseBlock(nn.Module):
    def __init__(self, width, activation):
        super().__init__()
        self.lin = nn.Linear(width, width)
        self.norm = nn.LayerNorm(width)
        self.act = get_activation(activation)

    def forward(self, h):
        return h + self.act(self.norm(self.lin(h)))
