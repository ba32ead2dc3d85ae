"""Energy head plus a direct (non-conservative) force head: F_i = sum_j w_ij * unit(r_ij)."""
import torch
import torch.nn as nn

from layers import RadialBasis, knn, mlp, neighbour_vectors


class DirectForceNet(nn.Module):
    def __init__(self, cfg, n_species):
        super().__init__()
        self.k = cfg.n_neighbours
        self.embed = nn.Embedding(n_species, cfg.hidden)
        self.rbf = RadialBasis(cfg.n_rbf, cfg.cutoff)
        self.edge = mlp(cfg.n_rbf + 2 * cfg.hidden, cfg.hidden, cfg.hidden, cfg.act)
        self.energy_head = mlp(2 * cfg.hidden, cfg.hidden, 1, cfg.act)
        self.force_head = mlp(cfg.hidden, cfg.hidden, 1, cfg.act)

    def forward(self, pos, species):
        nbr = knn(pos, self.k)
        rij, d, unit = neighbour_vectors(pos, nbr)
        hi = self.embed(species)                                          # B, N, H
        hj = torch.gather(hi.unsqueeze(1).expand(-1, hi.shape[1], -1, -1), 2,
                          nbr.unsqueeze(-1).expand(-1, -1, -1, hi.shape[-1]))
        e_ij = self.edge(torch.cat([self.rbf(d), hi.unsqueeze(2).expand_as(hj), hj], -1))
        energy = self.energy_head(torch.cat([hi, e_ij.sum(2)], -1)).squeeze(-1).sum(1)
        forces = (self.force_head(e_ij) * unit).sum(2)
        return energy, forces
