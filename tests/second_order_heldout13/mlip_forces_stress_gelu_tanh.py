"""Machine-learned interatomic potential trained on energies, forces and stresses. Forces are
-dE/dR and the virial is dE/d(strain); both are taken with create_graph=True so the force/stress
errors can be backpropagated into the potential's weights."""
from dataclasses import dataclass

import torch
from torch import nn
import torch.nn.functional as F


@dataclass
class PotentialConfig:
    n_species: int = 4
    n_rbf: int = 16
    cutoff: float = 5.0
    hidden: int = 64
    w_energy: float = 1.0
    w_forces: float = 10.0
    w_stress: float = 0.1


class PairPotential(nn.Module):
    def __init__(self, cfg: PotentialConfig):
        super().__init__()
        self.cfg = cfg
        self.embed = nn.Embedding(cfg.n_species, cfg.hidden)
        self.register_buffer("centers", torch.linspace(0.5, cfg.cutoff, cfg.n_rbf))
        self.filter = nn.Linear(cfg.n_rbf, cfg.hidden)
        self.mlp1 = nn.Linear(cfg.hidden, cfg.hidden)
        self.mlp2 = nn.Linear(cfg.hidden, 1)

    def forward(self, species, pos, cell):
        # pos: (N, 3) fractional-free Cartesian; cell: (3, 3); minimum-image pairs in a small box
        diff = pos[:, None, :] - pos[None, :, :]
        frac = diff @ torch.linalg.inv(cell)
        diff = (frac - torch.round(frac)) @ cell
        n = pos.size(0)
        pair_mask = 1.0 - torch.eye(n)
        r = torch.sqrt((diff ** 2).sum(-1) + 1e-6)
        fcut = 0.5 * (torch.cos(torch.pi * r / self.cfg.cutoff) + 1.0) * (r < self.cfg.cutoff).float() * pair_mask
        rbf = torch.exp(-4.0 * (r[..., None] - self.centers) ** 2) * fcut[..., None]
        w = self.filter(rbf) * fcut[..., None]
        h_atoms = self.embed(species)
        msg = (w * h_atoms[None, :, :]).sum(1) + h_atoms
        h = F.gelu(self.mlp1(msg), approximate="tanh")
        return self.mlp2(h).sum()


def energy_forces_stress(model, species, pos, cell):
    strain = torch.zeros(3, 3, requires_grad=True)
    sym = 0.5 * (strain + strain.T)
    pos_s = pos + pos @ sym
    cell_s = cell + cell @ sym
    energy = model(species, pos_s, cell_s)
    d_pos, d_strain = torch.autograd.grad(energy, [pos, strain], create_graph=True)
    volume = torch.abs(torch.det(cell))
    return energy, -d_pos, d_strain / volume


def main():
    cfg = PotentialConfig()
    model = PairPotential(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for step in range(2):
        species = torch.randint(0, cfg.n_species, (6,))
        cell = torch.eye(3) * 6.0
        pos = (torch.rand(6, 3) * 6.0).requires_grad_(True)
        e_ref, f_ref, s_ref = torch.randn(()), torch.randn(6, 3), torch.randn(3, 3) * 0.01
        e, f, s = energy_forces_stress(model, species, pos, cell)
        loss = cfg.w_energy * (e - e_ref) ** 2 + cfg.w_forces * F.mse_loss(f, f_ref) + cfg.w_stress * F.mse_loss(s, s_ref)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
