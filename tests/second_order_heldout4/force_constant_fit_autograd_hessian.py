"""Fit a pair-potential network to reference energies and force-constant matrices: the Hessian of the
predicted energy w.r.t. atomic positions comes from torch.autograd.functional.hessian(create_graph=True)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PairPotential(nn.Module):
    def __init__(self, n_rbf=16, cutoff=5.0, width=32):
        super().__init__()
        self.register_buffer("mu", torch.linspace(0.5, cutoff, n_rbf))
        self.gamma = 10.0 / cutoff
        self.fc1 = nn.Linear(n_rbf, width)
        self.fc2 = nn.Linear(width, 1)
        self.act = lambda t: F.elu(t, alpha=0.5)

    def pair_energy(self, d):
        rbf = torch.exp(-self.gamma * (d.unsqueeze(-1) - self.mu) ** 2)
        return self.fc2(self.act(self.fc1(rbf))).squeeze(-1)

    def energy(self, flat_pos):
        pos = flat_pos.view(-1, 3)
        i, j = torch.triu_indices(pos.size(0), pos.size(0), offset=1)
        d = (pos[i] - pos[j]).norm(dim=-1)
        return self.pair_energy(d).sum()


def fit(molecules, epochs=200, w_hess=0.1):
    model = PairPotential()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for pos, e_ref, h_ref in molecules:
            flat = pos.flatten()
            e = model.energy(flat)
            H = torch.autograd.functional.hessian(model.energy, flat, create_graph=True)
            loss = (e - e_ref) ** 2 + w_hess * F.mse_loss(H, h_ref)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model
