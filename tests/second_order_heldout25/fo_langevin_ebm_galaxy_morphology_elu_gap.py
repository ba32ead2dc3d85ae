"""Short-run MCMC EBM (Nijkamp et al. 2019) on galaxy-morphology cutouts: Langevin sampling, first order."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class GalaxyEnergy(nn.Module):
    def __init__(self, nf=16):
        super().__init__()
        self.c1 = nn.Conv2d(3, nf, 3, padding=1)
        self.c2 = nn.Conv2d(nf, 2 * nf, 4, 2, 1)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(2 * nf, 1)

    def forward(self, x):
        h = F.elu(self.c1(x))
        h = F.elu(self.c2(h))
        return self.fc(self.gap(h).flatten(1)).squeeze(-1)


def langevin(E, x, n_steps=5, step_size=1.0, noise=0.01):
    x = x.clone().detach()
    for _ in range(n_steps):
        x.requires_grad_(True)
        g = torch.autograd.grad(E(x).sum(), [x])[0]
        x = (x - step_size * g + noise * torch.randn_like(x)).detach()
    return x


E = GalaxyEnergy()
opt = torch.optim.Adam(E.parameters(), lr=1e-4, betas=(0.5, 0.999))
for it in range(2):
    pos = torch.rand(8, 3, 16, 16) * 2 - 1
    neg = langevin(E, torch.rand_like(pos) * 2 - 1)
    loss = E(pos).mean() - E(neg).mean() + 0.1 * (E(pos) ** 2 + E(neg) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
