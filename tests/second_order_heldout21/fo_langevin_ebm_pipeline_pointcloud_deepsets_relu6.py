# Energy-based anomaly model for pipeline-inspection point patches (DeepSets energy),
# trained by contrastive divergence with short-run Langevin negatives (no create_graph).
import torch
import torch.nn as nn


class SetEnergy(nn.Module):
    def __init__(self, h=32):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(3, h), nn.ReLU6(), nn.Linear(h, h))
        self.rho = nn.Sequential(nn.Linear(h, h), nn.Hardswish(), nn.Linear(h, 1))

    def forward(self, pts):  # (B, N, 3)
        return self.rho(self.phi(pts).mean(1)).squeeze(-1)


def langevin(energy, x, n_steps=5, step_size=0.01, noise=0.005):
    x = x.detach()
    for _ in range(n_steps):
        x.requires_grad_(True)
        e = energy(x).sum()
        g, = torch.autograd.grad(e, x)
        x = (x - step_size * g + noise * torch.randn_like(x)).detach()
    return x


E = SetEnergy()
opt = torch.optim.Adam(E.parameters(), lr=1e-4, betas=(0.0, 0.999))
for it in range(3):
    pos = torch.randn(4, 20, 3)
    neg = langevin(E, torch.rand(4, 20, 3) * 2 - 1)
    cd = E(pos).mean() - E(neg).mean()
    reg = (E(pos) ** 2).mean() + (E(neg) ** 2).mean()
    loss = cd + 0.1 * reg
    opt.zero_grad()
    loss.backward()
    opt.step()
