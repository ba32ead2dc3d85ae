import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def radial_basis(d, n_rbf, cutoff):
    mu = torch.linspace(0.0, cutoff, n_rbf, device=d.device)
    gamma = (n_rbf / cutoff) ** 2
    return torch.exp(-gamma * (d.unsqueeze(-1) - mu) ** 2)


def cosine_cutoff(d, cutoff):
    return 0.5 * (torch.cos(math.pi * d / cutoff) + 1.0) * (d < cutoff).to(d.dtype)


class Interaction(nn.Module):
    """One message-passing step written with index_add_ (no scatter libraries)."""

    def __init__(self, n_hidden, n_rbf):
        super().__init__()
        self.w_msg = nn.Parameter(torch.randn(n_hidden, n_hidden) / math.sqrt(n_hidden))
        self.w_rbf = nn.Parameter(torch.randn(n_rbf, n_hidden) / math.sqrt(n_rbf))
        self.w_upd = nn.Parameter(torch.randn(2 * n_hidden, n_hidden) / math.sqrt(2 * n_hidden))

    def forward(self, h, rbf, fcut, unit, src, dst):
        m = (h[src] @ self.w_msg) * (rbf @ self.w_rbf) * fcut.unsqueeze(-1)
        agg = h.new_zeros(h.shape).index_add_(0, dst, m)
        vec = h.new_zeros(h.shape[0], 3, h.shape[1]).index_add_(0, dst, unit.unsqueeze(-1) * m.unsqueeze(1))
        upd = torch.cat([agg, vec.pow(2).sum(1)], dim=-1) @ self.w_upd
        return h + F.softplus(upd) - math.log(2.0)


class GarnetFF(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.embed = nn.Parameter(torch.randn(len(cfg.species), cfg.n_hidden) * 0.5)
        self.atom_ref = nn.Parameter(torch.zeros(len(cfg.species)))
        self.blocks = nn.ModuleList([Interaction(cfg.n_hidden, cfg.n_rbf) for _ in range(cfg.n_interactions)])
        self.w_out = nn.Parameter(torch.randn(cfg.n_scalar) / math.sqrt(cfg.n_scalar))

    def forward(self, z, pos, src, dst, cluster, n_clusters):
        rij = pos[dst] - pos[src]
        d = rij.norm(dim=-1)
        unit = F.normalize(rij, dim=-1)
        rbf = radial_basis(d, self.cfg.n_rbf, self.cfg.cutoff)
        fcut = cosine_cutoff(d, self.cfg.cutoff)
        h = self.embed[z]
        for block in self.blocks:
            h = block(h, rbf, fcut, unit, src, dst)
        scalars = torch.narrow(h, -1, 0, self.cfg.n_scalar)
        e_atom = scalars @ self.w_out
        e_atom = e_atom + self.atom_ref.gather(0, z)
        return pos.new_zeros(n_clusters).index_add_(0, cluster, e_atom)
