"""Energy-based model on point sets with a permutation-invariant DeepSets energy, trained by contrastive
divergence with short-run Langevin dynamics (Du & Mordatch 2019 style). The sampler takes plain
first-order gradients of the energy with respect to the points; samples are detached."""
import torch
import torch.nn as nn


class DeepSetsEnergy(nn.Module):
    def __init__(self, d=3, hidden=128):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(d, hidden), nn.Softshrink(0.1), nn.Linear(hidden, hidden), nn.LogSigmoid())
        self.rho = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(approximate="tanh"), nn.Linear(hidden, 1))

    def forward(self, pts):
        return self.rho(self.phi(pts).sum(dim=1)).squeeze(-1)


def langevin(E, x, steps=60, step_size=10.0, noise=0.005):
    x = x.detach()
    for _ in range(steps):
        x.requires_grad_(True)
        grad = torch.autograd.grad(E(x).sum(), x)[0]
        x = (x - step_size * grad + noise * torch.randn_like(x)).detach()
    return x


def train(loader, n_points=64, epochs=20, alpha=1.0):
    E = DeepSetsEnergy()
    opt = torch.optim.Adam(E.parameters(), lr=1e-4, betas=(0.0, 0.999))
    for epoch in range(epochs):
        for pos in loader:
            neg = langevin(E, torch.rand_like(pos) * 2 - 1)
            e_pos, e_neg = E(pos), E(neg)
            loss = e_pos.mean() - e_neg.mean() + alpha * (e_pos ** 2 + e_neg ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return E


if __name__ == "__main__":
    train([torch.randn(2, 8, 3)], epochs=1)
