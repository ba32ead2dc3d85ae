"""Energy-based point-cloud generative model (PointFlow-free baseline): short-run Langevin MCMC
in point space, contrastive-divergence training on detached samples."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PointEnergy(nn.Module):
    """DeepSets energy: per-point MLP, mean pooling, MLP -> scalar energy per cloud."""

    def __init__(self, h=64):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(3, h), nn.ELU(), nn.Linear(h, h))
        self.rho = nn.Sequential(nn.Linear(h, h), nn.ELU(), nn.Linear(h, 1))

    def forward(self, pts):
        feats = F.elu(self.phi(pts))
        return self.rho(feats.mean(1)).squeeze(-1)


def langevin(energy, x, steps=5, step_size=0.01, noise=0.005):
    x = x.clone().detach()
    for _ in range(steps):
        x.requires_grad_(True)
        e = energy(x).sum()
        (g,) = torch.autograd.grad(e, x)
        x = (x - step_size * g + noise * torch.randn_like(x)).detach()
        x = F.normalize(x, dim=-1) * x.norm(dim=-1, keepdim=True).clamp(max=1.5)
    return x


energy = PointEnergy()
opt = torch.optim.Adam(energy.parameters(), lr=1e-4)
for it in range(2):
    data = F.normalize(torch.randn(4, 64, 3), dim=-1)
    samples = langevin(energy, torch.rand(4, 64, 3) * 2 - 1)
    loss = energy(data).mean() - energy(samples).mean()
    loss = loss + 0.1 * (energy(data) ** 2 + energy(samples) ** 2).mean()
    opt.zero_grad(); loss.backward(); opt.step()
    print(it, loss.item())
