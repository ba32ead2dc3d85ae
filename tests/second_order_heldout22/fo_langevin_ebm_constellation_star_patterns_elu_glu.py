"""Short-run MCMC EBM (Nijkamp et al.) on 2-D star-constellation point patterns, flattened to vectors.
Langevin steps use plain first-order input gradients; negatives are detached before the CD loss."""
import torch
import torch.nn as nn

N_STARS = 12


class EnergyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(
            nn.Linear(2 * N_STARS, 64), nn.ELU(),
            nn.Linear(64, 64), nn.GLU(),
            nn.Linear(32, 1))

    def forward(self, x):
        return self.f(x).squeeze(-1)


def langevin(E, x, n_steps=10, step_size=0.01, noise=0.005):
    x = x.clone().detach()
    for _ in range(n_steps):
        x.requires_grad_(True)
        g = torch.autograd.grad(E(x).sum(), x)[0]
        x = (x - step_size * g + noise * torch.randn_like(x)).detach()
    return x


E = EnergyNet()
opt = torch.optim.Adam(E.parameters(), lr=1e-4, betas=(0.0, 0.999))
for it in range(3):
    pos = torch.rand(16, 2 * N_STARS)
    neg = langevin(E, torch.rand(16, 2 * N_STARS))
    loss = E(pos).mean() - E(neg).mean() + 0.1 * (E(pos) ** 2 + E(neg) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
