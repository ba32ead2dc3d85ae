"""Scalar fields of the Helmholtz-decomposed vector field: a Hamiltonian H(q, p) and a dissipation
potential D(q, p).  The conservative part is J grad H, the dissipative part -grad D."""
import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "prelu": nn.PReLU,
    "softsign": nn.Softsign,
    "hardswish": nn.Hardswish,
}


class HamiltonianNet(nn.Module):
    def __init__(self, dim, width, depth, act):
        super().__init__()
        layers, d_in = [], dim
        for _ in range(depth):
            layers += [nn.Linear(d_in, width), ACTIVATIONS[act]()]
            d_in = width
        self.body = nn.Sequential(*layers)
        self.out = nn.Linear(width, 1, bias=False)
        self.n = dim // 2

    def forward(self, x):
        kinetic = 0.5 * x[:, self.n:].pow(2).sum(-1)      # physics prior, the net learns the rest
        return kinetic + self.out(self.body(x)).squeeze(-1)


class DissipationNet(nn.Module):
    def __init__(self, dim, width):
        super().__init__()
        self.fc1 = nn.Linear(dim, width)
        self.fc2 = nn.Linear(width, 1)

    def forward(self, x):
        h = F.gelu(self.fc1(x), approximate="tanh")
        return self.fc2(h).squeeze(-1)


MODELS = {"hamiltonian": HamiltonianNet, "dissipation": DissipationNet}


def build(name, *args, **kwargs):
    return MODELS[name](*args, **kwargs)
