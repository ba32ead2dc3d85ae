"""Toxicity classifier over molecular fingerprints plus descriptor vectors."""
import torch
import torch.nn as nn
import torch.nn.functional as F

MODELS = {}


def register(name):
    def wrap(cls):
        MODELS[name] = cls
        return cls
    return wrap


@register("fp_mlp")
class FingerprintMLP(nn.Module):
    def __init__(self, n_bits=256, n_desc=16, hidden=64, n_tasks=3):
        super().__init__()
        self.fp = nn.Sequential(nn.Linear(n_bits, hidden), nn.PReLU(), nn.Linear(hidden, hidden), nn.ReLU6())
        self.desc = nn.Sequential(nn.Linear(n_desc, hidden), nn.Hardswish())
        self.out = nn.Linear(2 * hidden, n_tasks)

    def embed(self, fp, desc):
        return torch.cat([F.normalize(self.fp(fp), dim=-1), self.desc(desc)], dim=-1)

    def forward(self, fp, desc):
        return self.out(self.embed(fp, desc))
