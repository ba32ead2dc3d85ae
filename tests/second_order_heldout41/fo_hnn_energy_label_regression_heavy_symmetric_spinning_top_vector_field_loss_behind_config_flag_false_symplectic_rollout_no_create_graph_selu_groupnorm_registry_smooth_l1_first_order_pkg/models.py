"""Hamiltonian network: MLP with a configurable activation and normalisation."""
import torch.nn as nn

import config

ACTS = {"selu": nn.SELU, "tanh": nn.Tanh, "softsign": nn.Softsign}
NORMS = {"group": lambda c: nn.GroupNorm(4, c), "none": lambda c: nn.Identity()}


class HamiltonianMLP(nn.Module):
    def __init__(self, dim=config.STATE_DIM, hidden=config.HIDDEN):
        super().__init__()
        layers, d_in = [], dim
        for width in hidden:
            layers += [nn.Linear(d_in, width), NORMS[config.NORM](width), ACTS[config.ACTIVATION]()]
            d_in = width
        layers.append(nn.Linear(d_in, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x).squeeze(-1)
