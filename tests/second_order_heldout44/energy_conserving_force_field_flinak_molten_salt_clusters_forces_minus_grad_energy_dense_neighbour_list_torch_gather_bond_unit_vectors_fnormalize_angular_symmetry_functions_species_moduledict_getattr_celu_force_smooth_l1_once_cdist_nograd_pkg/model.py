"""Per-species atomic networks; the activation class is looked up on torch.nn by the config string."""
import torch
import torch.nn as nn

from config import SPECIES


class AtomicNet(nn.Module):
    def __init__(self, n_in, hidden, act):
        super().__init__()
        layers, last = [], n_in
        for h in hidden:
            layers += [nn.Linear(last, h), getattr(nn, act)()]
            last = h
        layers.append(nn.Linear(last, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, g):
        return self.net(g).squeeze(-1)


class Potential(nn.Module):
    def __init__(self, descriptor, cfg):
        super().__init__()
        self.descriptor = descriptor
        self.nets = nn.ModuleDict({s: AtomicNet(descriptor.size, cfg["hidden"], cfg["act"]) for s in SPECIES})
        self.e_ref = nn.Embedding(len(SPECIES), 1)
        self.register_buffer("g_mean", torch.zeros(descriptor.size))
        self.register_buffer("g_std", torch.ones(descriptor.size))

    def forward(self, pos, species, nbr):
        g = (self.descriptor(pos, nbr) - self.g_mean) / self.g_std
        e_atom = torch.zeros_like(g[..., 0])
        for k, s in enumerate(SPECIES):
            e_atom = e_atom + (species == k).float() * self.nets[s](g)
        e_atom = e_atom + self.e_ref(species).squeeze(-1)
        return e_atom.sum(1)
