import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class GuestFrameworkPotential(nn.Module):
    """Energy of guest atoms in a rigid framework: a sum of learned, cutoff-smoothed pair terms."""

    def __init__(self, framework, n_types, n_rbf, hidden, cutoff):
        super().__init__()
        self.cutoff = cutoff
        self.register_buffer("framework", framework)
        self.register_buffer("mu", torch.linspace(0.8, cutoff, n_rbf))
        self.register_buffer("pore_axis", torch.tensor([0.0, 0.0, 1.0]))
        self.type_embed = nn.Embedding(n_types, 8)
        self.pair_mlp = nn.Sequential(
            nn.Linear(n_rbf + 1 + 8, hidden),
            nn.GELU(approximate="tanh"),
            nn.Linear(hidden, hidden),
        )
        self.atom_norm = nn.LayerNorm(hidden)
        self.readout = nn.Sequential(nn.Linear(hidden, hidden), nn.CELU(), nn.Linear(hidden, 1))

    def forward(self, pos, types):
        diff = pos[:, :, None, :] - self.framework[None, None]               # (B, N, M, 3)
        d = diff.pow(2).sum(-1).add(1e-6).sqrt()
        u = F.normalize(diff, dim=-1)
        cos_axis = (u * self.pore_axis).sum(-1, keepdim=True)               # orientation w.r.t. the channel
        rbf = torch.exp(-4.0 * (d.unsqueeze(-1) - self.mu) ** 2)
        emb = self.type_embed(types)[:, :, None, :].expand(-1, -1, d.size(2), -1)
        fcut = 0.5 * (torch.cos(math.pi * d / self.cutoff) + 1.0) * (d < self.cutoff)
        m = self.pair_mlp(torch.cat([rbf, cos_axis, emb], dim=-1)) * fcut.unsqueeze(-1)
        h = self.atom_norm(m.sum(2))
        return self.readout(h).sum(dim=(1, 2))
