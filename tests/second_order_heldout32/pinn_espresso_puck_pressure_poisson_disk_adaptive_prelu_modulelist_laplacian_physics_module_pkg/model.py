import torch
from torch import nn


class PressureField(nn.Module):
    """MLP with a trainable (per-neuron) slope in every hidden activation, as in adaptive-activation PINNs."""

    def __init__(self, widths=(2, 24, 24, 24)):
        super().__init__()
        self.linears = nn.ModuleList([nn.Linear(a, b) for a, b in zip(widths[:-1], widths[1:])])
        self.acts = nn.ModuleList([nn.PReLU(w, init=0.1) for w in widths[1:]])
        self.head = nn.Linear(widths[-1], 1)

    def forward(self, xy):
        h = xy
        for lin, act in zip(self.linears, self.acts):
            h = torch.tanh(act(lin(h)))
        return self.head(h)
