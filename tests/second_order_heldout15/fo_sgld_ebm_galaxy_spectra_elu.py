# Energy-based model of galaxy spectra trained by contrastive divergence with short-run SGLD.
# Langevin steps use plain (first-order) input gradients; samples are detached.
import torch
import torch.nn as nn


class SpectrumEnergy(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv1d(1, 8, 5, padding=2), nn.ELU(), nn.AvgPool1d(2),
                                 nn.Flatten(), nn.Linear(8 * 32, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def sgld(E, x, steps=5, step_size=1.0, noise=0.01):
    x = x.clone().detach()
    for _ in range(steps):
        x.requires_grad_(True)
        g = torch.autograd.grad(E(x).sum(), x)[0]
        x = (x - step_size * g + noise * torch.randn_like(x)).detach()
    return x


E = SpectrumEnergy()
opt = torch.optim.Adam(E.parameters(), lr=1e-4)
for it in range(3):
    pos = torch.randn(8, 1, 64)
    neg = sgld(E, torch.rand_like(pos))
    loss = E(pos).mean() - E(neg).mean() + 0.1 * (E(pos) ** 2 + E(neg) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
