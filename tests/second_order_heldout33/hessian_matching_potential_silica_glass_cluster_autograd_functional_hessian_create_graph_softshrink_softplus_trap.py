"""Fit a small learned interatomic potential for a 4-atom silica cluster to reference energies AND Hessians
(force-constant matching), using torch.autograd.functional.hessian with create_graph=True."""
import torch
import torch.nn as nn
from torch.autograd.functional import hessian

N_ATOMS = 4


class PairPotential(nn.Module):
    def __init__(self, n_rbf=8, hidden=16):
        super().__init__()
        self.centers = nn.Parameter(torch.linspace(0.8, 3.0, n_rbf), requires_grad=False)
        self.mlp = nn.Sequential(
            nn.Linear(n_rbf, hidden),
            nn.Softshrink(0.05),
            nn.Linear(hidden, hidden),
            nn.Softplus(beta=2.0),
            nn.Linear(hidden, 1),
        )

    def forward(self, pos):
        diff = pos[:, None, :] - pos[None, :, :]
        iu = torch.triu_indices(N_ATOMS, N_ATOMS, offset=1)
        dist = (diff[iu[0], iu[1]].pow(2).sum(-1) + 1e-9).sqrt()
        rbf = torch.exp(-4.0 * (dist[:, None] - self.centers[None, :]) ** 2)
        return self.mlp(rbf).sum()


def reference_data(n):
    torch.manual_seed(3)
    data = []
    for _ in range(n):
        pos = torch.randn(N_ATOMS, 3) * 0.6 + torch.eye(N_ATOMS, 3) * 1.5
        energy = torch.tensor(-1.0) + 0.1 * torch.randn(())
        hess = torch.eye(N_ATOMS * 3) * 0.5 + 0.01 * torch.randn(N_ATOMS * 3, N_ATOMS * 3)
        data.append((pos, energy, 0.5 * (hess + hess.T)))
    return data


def main():
    model = PairPotential()
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    w_hess = 0.1
    for epoch in range(2):
        for pos, e_ref, h_ref in reference_data(3):
            energy_fn = lambda flat: model(flat.view(N_ATOMS, 3))
            flat = pos.reshape(-1)
            h_pred = hessian(energy_fn, flat, create_graph=True)
            e_pred = energy_fn(flat)
            loss = (e_pred - e_ref) ** 2 + w_hess * (h_pred - h_ref).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
