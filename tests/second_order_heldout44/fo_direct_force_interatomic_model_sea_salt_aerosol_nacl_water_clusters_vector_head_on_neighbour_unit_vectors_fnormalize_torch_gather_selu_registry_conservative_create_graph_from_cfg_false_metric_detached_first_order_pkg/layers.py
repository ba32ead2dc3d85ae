"""Neighbour geometry and radial features shared by the energy and force heads."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {"selu": nn.SELU, "silu": nn.SiLU, "tanh": nn.Tanh}


def knn(pos, k):
    with torch.no_grad():
        d = torch.cdist(pos, pos) + 1e6 * torch.eye(pos.shape[1])
        return d.topk(k, largest=False).indices


def neighbour_vectors(pos, nbr):
    B, N, K = nbr.shape
    pj = torch.gather(pos.unsqueeze(1).expand(B, N, N, 3), 2, nbr.unsqueeze(-1).expand(B, N, K, 3))
    rij = pj - pos.unsqueeze(2)
    return rij, rij.norm(dim=-1), F.normalize(rij, dim=-1)


class RadialBasis(nn.Module):
    def __init__(self, n_rbf, cutoff):
        super().__init__()
        self.cutoff = cutoff
        self.register_buffer("freq", torch.arange(1, n_rbf + 1) * math.pi / cutoff)

    def forward(self, d):
        env = 0.5 * (torch.cos(math.pi * d.clamp(max=self.cutoff) / self.cutoff) + 1)
        return torch.sin(self.freq * d.unsqueeze(-1)) / d.unsqueeze(-1) * env.unsqueeze(-1)


def mlp(n_in, hidden, n_out, act):
    return nn.Sequential(nn.Linear(n_in, hidden), ACTIVATIONS[act](), nn.Linear(hidden, hidden),
                         ACTIVATIONS[act](), nn.Linear(hidden, n_out))
