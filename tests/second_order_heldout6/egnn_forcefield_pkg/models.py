"""E(n)-equivariant energy model (EGNN, Satorras et al. 2021) on small molecules; dense all-pairs messages."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class GaussianRBF(nn.Module):
    def __init__(self, n_rbf=16, cutoff=5.0):
        super().__init__()
        self.register_buffer("centers", torch.linspace(0.0, cutoff, n_rbf))
        self.gamma = 10.0 / cutoff
        self.cutoff = cutoff

    def forward(self, d):
        env = 0.5 * (torch.cos(d * math.pi / self.cutoff) + 1.0) * (d < self.cutoff)
        return torch.exp(-self.gamma * (d.unsqueeze(-1) - self.centers) ** 2) * env.unsqueeze(-1)


class EGNNLayer(nn.Module):
    def __init__(self, hidden, n_rbf):
        super().__init__()
        self.phi_e = nn.Sequential(nn.Linear(2 * hidden + n_rbf, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU())
        self.phi_h = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.SiLU(), nn.Linear(hidden, hidden))
        self.norm = nn.LayerNorm(hidden)

    def forward(self, h, rbf, adj):
        n = h.size(1)
        hi = h.unsqueeze(2).expand(-1, -1, n, -1)
        hj = h.unsqueeze(1).expand(-1, n, -1, -1)
        m = self.phi_e(torch.cat([hi, hj, rbf], dim=-1)) * adj.unsqueeze(-1)
        return self.norm(h + self.phi_h(torch.cat([h, m.sum(2)], dim=-1)))


class EGNNEnergy(nn.Module):
    def __init__(self, n_types=10, hidden=64, n_layers=4, n_rbf=16):
        super().__init__()
        self.embed = nn.Embedding(n_types, hidden)
        self.rbf = GaussianRBF(n_rbf)
        self.layers = nn.ModuleList([EGNNLayer(hidden, n_rbf) for _ in range(n_layers)])
        self.energy_head = nn.Sequential(nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, 1))
        self.type_head = nn.Sequential(nn.Linear(hidden, hidden), nn.Hardswish(), nn.Linear(hidden, n_types))

    def forward(self, z, pos, mask):
        diff = pos.unsqueeze(2) - pos.unsqueeze(1)
        dist = (diff.pow(2).sum(-1) + 1e-9).sqrt()
        adj = mask.unsqueeze(1) * mask.unsqueeze(2) * (1 - torch.eye(pos.size(1)))
        h = self.embed(z)
        rbf = self.rbf(dist)
        for layer in self.layers:
            h = layer(h, rbf, adj)
        energy = (self.energy_head(h).squeeze(-1) * mask).sum(-1)
        type_logp = F.log_softmax(self.type_head(h), dim=-1)
        return energy, type_logp
