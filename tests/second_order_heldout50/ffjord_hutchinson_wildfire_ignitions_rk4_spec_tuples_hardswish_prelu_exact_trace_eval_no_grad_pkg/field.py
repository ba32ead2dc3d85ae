"""Time-conditioned vector field f(t, z) built from (kind, width, activation) tuples."""
import torch
import torch.nn as nn

ACT = {
    "hswish": lambda: nn.Hardswish(),
    "prelu": lambda: nn.PReLU(),
    "tanh": lambda: nn.Tanh(),
    "selu": lambda: nn.SELU(),
}


class ConcatSquash(nn.Module):
    """FFJORD's ConcatSquashLinear: lin(z) * sigmoid(gate(t)) + bias(t)."""

    def __init__(self, din, dout):
        super().__init__()
        self.lin = nn.Linear(din, dout)
        self.gate = nn.Linear(1, dout)
        self.bias = nn.Linear(1, dout, bias=False)

    def forward(self, t, z):
        tt = t.reshape(1, 1).expand(z.shape[0], 1)
        return self.lin(z) * torch.sigmoid(self.gate(tt)) + self.bias(tt)


LAYERS = {"concatsquash": ConcatSquash}


class IgnitionField(nn.Module):
    def __init__(self, spec, dim=2):
        super().__init__()
        self.layers, self.acts = nn.ModuleList(), nn.ModuleList()
        d = dim
        for kind, width, act in spec:
            self.layers.append(LAYERS[kind](d, width))
            self.acts.append(ACT[act]() if act else nn.Identity())
            d = width

    def forward(self, t, z):
        h = z
        for layer, act in zip(self.layers, self.acts):
            h = act(layer(t, h))
        return h
