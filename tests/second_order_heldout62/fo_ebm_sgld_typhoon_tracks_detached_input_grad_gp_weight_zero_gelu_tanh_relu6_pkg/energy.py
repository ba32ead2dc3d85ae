"""Energy network over 6-hourly track displacements (d_lat, d_lon) and an optional input-gradient penalty."""
import torch
import torch.nn as nn


class TrackEnergy(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.conv1 = nn.Conv1d(2, width, 5, padding=2)
        self.act1 = nn.GELU(approximate="tanh")
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)
        self.act2 = nn.ReLU6()
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        h = self.act1(self.conv1(x))
        h = self.act2(self.conv2(h))
        return self.out(self.pool(h).squeeze(-1)).squeeze(-1)


def input_gradient_penalty(energy, x):
    x = x.detach().requires_grad_(True)
    g = torch.autograd.grad(energy(x).sum(), x, create_graph=True)[0]
    return g.flatten(1).pow(2).sum(1).mean()
