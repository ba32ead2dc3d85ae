import math

import torch
import torch.nn as nn

ACTIVATIONS = {
    "softplus": lambda: nn.Softplus(beta=100),
    "gelu_tanh": lambda: nn.GELU(approximate="tanh"),
    "relu6": lambda: nn.ReLU6(),
    "celu": lambda: nn.CELU(alpha=0.5),
}


class FourierFeatures(nn.Module):
    def __init__(self, n_freq):
        super().__init__()
        self.register_buffer("freqs", 2.0 ** torch.arange(n_freq) * math.pi)

    def forward(self, p):
        xb = p[..., None] * self.freqs
        return torch.cat([p, torch.sin(xb).flatten(-2), torch.cos(xb).flatten(-2)], dim=-1)


class DenseBlock(nn.Module):
    def __init__(self, din, dout, act_name):
        super().__init__()
        self.lin = nn.Linear(din, dout)
        self.act = ACTIVATIONS[act_name]()

    def forward(self, x):
        return self.act(self.lin(x))
