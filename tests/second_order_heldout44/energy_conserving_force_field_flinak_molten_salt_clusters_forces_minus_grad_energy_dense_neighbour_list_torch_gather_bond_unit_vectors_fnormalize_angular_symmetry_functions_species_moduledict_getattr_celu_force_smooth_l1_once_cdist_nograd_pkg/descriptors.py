"""Behler-Parrinello style radial / angular symmetry functions on a dense K-neighbour list."""
import math

import torch
import torch.nn.functional as F


@torch.no_grad()
def neighbour_list(pos, k):
    """Indices of the k nearest atoms of every atom (self excluded). Built once per batch, no gradient."""
    dist = torch.cdist(pos, pos)
    dist = dist + torch.eye(pos.shape[1]) * 1e6
    return dist.topk(k, dim=-1, largest=False).indices


def gather_neighbours(pos, nbr):
    B, N, K = nbr.shape
    src = pos.unsqueeze(1).expand(B, N, N, 3)
    idx = nbr.unsqueeze(-1).expand(B, N, K, 3)
    return torch.gather(src, 2, idx)


def cutoff_fn(d, rc):
    return 0.5 * (torch.cos(math.pi * d.clamp(max=rc) / rc) + 1.0)


class SymmetryFunctions(torch.nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.rc = cfg["cutoff"]
        self.eta = cfg["radial_eta"]
        self.register_buffer("mu", torch.tensor(cfg["radial_centres"]))
        self.register_buffer("zeta", torch.tensor(cfg["zetas"]))
        self.register_buffer("lam", torch.tensor(cfg["lambdas"]))

    @property
    def size(self):
        return len(self.mu) + len(self.zeta) * len(self.lam)

    def forward(self, pos, nbr):
        rij = gather_neighbours(pos, nbr) - pos.unsqueeze(2)          # B, N, K, 3
        d = rij.norm(dim=-1)                                           # B, N, K
        fc = cutoff_fn(d, self.rc)
        radial = (torch.exp(-self.eta * (d.unsqueeze(-1) - self.mu) ** 2) * fc.unsqueeze(-1)).sum(2)
        unit = F.normalize(rij, dim=-1)
        cos = unit @ unit.transpose(-1, -2)                            # B, N, K, K
        pair_fc = fc.unsqueeze(-1) * fc.unsqueeze(-2)
        base = (1.0 + self.lam.view(-1, 1) * cos.unsqueeze(-1).unsqueeze(-1)).clamp(min=1e-6)
        ang = (base ** self.zeta) * pair_fc.unsqueeze(-1).unsqueeze(-1)  # B, N, K, K, L, Z
        angular = (2.0 ** (1.0 - self.zeta) * ang.sum((2, 3))).flatten(2)
        return torch.cat([radial, angular], -1)
