"""Machine-learned interatomic potential for small CsPbBr3-like perovskite snapshots.

Energies come from a pairwise radial network; forces are -dE/dpositions and the virial stress is
dE/dstrain for a homogeneous cell strain applied to the positions. Both come from one
torch.autograd.grad(create_graph=True) call, and the force/stress loss trains the network (2nd order).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_SPECIES, N_RBF, CUTOFF = 3, 12, 5.0


class PairPotential(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.species = nn.Embedding(N_SPECIES, hidden)
        self.centres = torch.linspace(0.5, CUTOFF, N_RBF)
        self.radial = nn.Linear(N_RBF, hidden)
        self.mix = nn.Linear(hidden, hidden)
        self.energy = nn.Linear(hidden, 1)

    def forward(self, pos, z):
        diff = pos[:, None, :] - pos[None, :, :]
        dist = torch.sqrt((diff ** 2).sum(-1) + 1e-9)
        mask = 1.0 - torch.eye(pos.size(0))
        rbf = torch.exp(-4.0 * (dist[..., None] - self.centres) ** 2)
        pair = F.elu(self.radial(rbf)) * mask[..., None]
        emb = self.species(z)
        atom = (pair.sum(1) * emb)
        atom = F.silu(self.mix(atom))
        return self.energy(atom).sum()


def energy_forces_stress(model, pos, z):
    strain = torch.zeros(3, 3, requires_grad=True)
    pos = pos.clone().requires_grad_(True)
    strained = pos @ (torch.eye(3) + strain)
    energy = model(strained, z)
    d_pos, d_strain = torch.autograd.grad(energy, (pos, strain), create_graph=True)
    return energy, -d_pos, d_strain


def snapshot(n_atoms=10):
    pos = torch.rand(n_atoms, 3) * 4.0
    z = torch.randint(0, N_SPECIES, (n_atoms,))
    e_ref = torch.tensor(-3.0) + 0.1 * torch.randn(())
    f_ref = 0.2 * torch.randn(n_atoms, 3)
    s_ref = 0.05 * torch.randn(3, 3)
    return pos, z, e_ref, f_ref, s_ref


def main(steps=3):
    torch.manual_seed(10)
    model = PairPotential()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(steps):
        pos, z, e_ref, f_ref, s_ref = snapshot()
        e, f, s = energy_forces_stress(model, pos, z)
        loss = (e - e_ref) ** 2 / 10 + F.mse_loss(f, f_ref) + 0.1 * F.mse_loss(s, s_ref)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss={loss.item():.4f}")


if __name__ == "__main__":
    main()
