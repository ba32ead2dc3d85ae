"""SchNet-style interatomic potential trained on energies and forces (F = -dE/dR).
Neighbours come from a padded K-nearest list and are fetched with torch.gather, as in dense-batch
implementations of continuous-filter convolutions."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def shifted_softplus(x):
    return F.softplus(x) - math.log(2.0)


class ShiftedSoftplus(nn.Module):
    def forward(self, x):
        return shifted_softplus(x)


class GaussianRBF(nn.Module):
    def __init__(self, n=32, cutoff=5.0):
        super().__init__()
        self.register_buffer("mu", torch.linspace(0, cutoff, n))
        self.gamma = 0.5 / (cutoff / n) ** 2

    def forward(self, d):
        return torch.exp(-self.gamma * (d.unsqueeze(-1) - self.mu) ** 2)


class CFConv(nn.Module):
    def __init__(self, f, n_rbf, cutoff):
        super().__init__()
        self.filter1 = nn.Linear(n_rbf, f)
        self.filter2 = nn.Linear(f, f)
        self.in2f = nn.Linear(f, f, bias=False)
        self.f2out = nn.Linear(f, f)
        self.cutoff = cutoff

    def forward(self, h, rbf, d, nbr, mask):
        W = self.filter2(shifted_softplus(self.filter1(rbf)))
        W = W * (0.5 * (torch.cos(d * math.pi / self.cutoff) + 1.0) * mask).unsqueeze(-1)
        x = self.in2f(h)
        B, N, K = nbr.shape
        x_j = torch.gather(x.unsqueeze(1).expand(B, N, N, x.size(-1)), 2,
                           nbr.unsqueeze(-1).expand(B, N, K, x.size(-1)))
        return self.f2out(shifted_softplus((x_j * W).sum(2)))


class SchNet(nn.Module):
    def __init__(self, n_species=10, f=64, n_interactions=3, n_rbf=32, cutoff=5.0):
        super().__init__()
        self.embed = nn.Embedding(n_species, f)
        self.rbf = GaussianRBF(n_rbf, cutoff)
        self.convs = nn.ModuleList([CFConv(f, n_rbf, cutoff) for _ in range(n_interactions)])
        self.readout = nn.Sequential(nn.Linear(f, f // 2), ShiftedSoftplus(), nn.Linear(f // 2, 1))

    def forward(self, Z, R, nbr, mask):
        B, N, K = nbr.shape
        R_j = torch.gather(R.unsqueeze(1).expand(B, N, N, 3), 2, nbr.unsqueeze(-1).expand(B, N, K, 3))
        d = ((R.unsqueeze(2) - R_j).pow(2).sum(-1) + 1e-9).sqrt()
        rbf = self.rbf(d)
        h = self.embed(Z)
        for conv in self.convs:
            h = h + conv(h, rbf, d, nbr, mask)
        return self.readout(h).squeeze(-1).sum(1)


def energy_and_forces(model, Z, R, nbr, mask):
    R = R.requires_grad_(True)
    E = model(Z, R, nbr, mask)
    F_pred = -torch.autograd.grad(E.sum(), R, create_graph=model.training)[0]
    return E, F_pred


def train(loader, epochs=100, rho=0.01):
    model = SchNet()
    opt = torch.optim.Adam(model.parameters(), lr=5e-4)
    for ep in range(epochs):
        model.train()
        for Z, R, nbr, mask, E_ref, F_ref in loader:
            E, Fp = energy_and_forces(model, Z, R, nbr, mask)
            loss = rho * F.mse_loss(E, E_ref) + (1 - rho) * F.mse_loss(Fp, F_ref)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


if __name__ == "__main__":
    B, N, K = 2, 5, 4
    nbr = torch.stack([torch.stack([torch.tensor([j for j in range(N) if j != i][:K]) for i in range(N)])] * B)
    batch = (torch.randint(0, 10, (B, N)), torch.randn(B, N, 3), nbr, torch.ones(B, N, K), torch.randn(B), torch.randn(B, N, 3))
    train([batch], epochs=1)
