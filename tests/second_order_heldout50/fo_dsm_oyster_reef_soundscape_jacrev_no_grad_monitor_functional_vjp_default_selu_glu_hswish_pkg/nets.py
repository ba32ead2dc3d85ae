"""Noise-conditional score network s(x, sigma)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

ACTS = {"selu": nn.SELU, "tanh": nn.Tanh, "silu": nn.SiLU}


class ReefScoreNet(nn.Module):
    def __init__(self, dim, hidden, n_sigmas, act="selu"):
        super().__init__()
        self.sigma_emb = nn.Embedding(n_sigmas, hidden)
        self.inp = nn.Linear(dim, hidden)
        self.mid = nn.Sequential(nn.Linear(hidden, 2 * hidden), nn.GLU(dim=-1), ACTS[act]())
        self.skip = nn.Linear(dim, hidden)
        self.out = nn.Linear(hidden, dim)

    def forward(self, x, sigma_idx, sigma):
        h = self.inp(x) + self.sigma_emb(sigma_idx)
        h = self.mid(h) + F.hardswish(self.skip(x))
        return self.out(h) / sigma[:, None]
