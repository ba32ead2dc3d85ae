"""Building blocks for the espresso-puck flow nets."""
import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "tanh": torch.tanh,
    "hswish": F.hardswish,
    "silu": F.silu,
    "gelu": F.gelu,
}


class Dense(nn.Module):
    """Linear layer followed by a named activation."""

    def __init__(self, d_in, d_out, activation="tanh"):
        super().__init__()
        self.linear = nn.Linear(d_in, d_out)
        self.phi = ACTIVATIONS[activation]

    def forward(self, x):
        return self.phi(self.linear(x))
