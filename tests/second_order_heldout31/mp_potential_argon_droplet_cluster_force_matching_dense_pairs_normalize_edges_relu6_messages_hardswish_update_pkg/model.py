import torch
import torch.nn as nn
import torch.nn.functional as F

from graph import pair_features
from layers import MessageLayer


class ClusterPotential(nn.Module):
    def __init__(self, dim=16, n_rbf=8, n_layers=2):
        super().__init__()
        self.embed = nn.Parameter(torch.randn(dim) * 0.1)
        self.layers = nn.ModuleList([MessageLayer(dim, n_rbf) for _ in range(n_layers)])
        self.readout = nn.Sequential(nn.Linear(dim, dim), nn.Softplus(), nn.Linear(dim, 1))

    def forward(self, pos):
        unit, rbf, mask = pair_features(pos)
        h = self.embed.expand(pos.shape[0], -1)
        for layer in self.layers:
            h = layer(h, unit, rbf, mask)
        return F.softplus(self.readout(h)).sum()

    def energy_and_forces(self, pos):
        pos = pos.requires_grad_(True)
        energy = self(pos)
        forces = -torch.autograd.grad(energy, pos, create_graph=self.training)[0]
        return energy, forces
