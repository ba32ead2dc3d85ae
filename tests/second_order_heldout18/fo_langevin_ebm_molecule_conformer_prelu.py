import torch
import torch.nn as nn


class ConformerEnergy(nn.Module):
    def __init__(self, n_atoms=9):
        super().__init__()
        self.f = nn.Sequential(nn.Linear(n_atoms * 3, 128), nn.PReLU(), nn.Linear(128, 128), nn.PReLU(), nn.Linear(128, 1))

    def forward(self, x):
        return self.f(x.flatten(1)).squeeze(-1)


def langevin_sample(E, x, n_steps=10, step_size=0.01, noise=0.005):
    x = x.clone().detach()
    for _ in range(n_steps):
        x.requires_grad_(True)
        grad_x = torch.autograd.grad(E(x).sum(), x)[0]
        x = (x - step_size * grad_x + noise * torch.randn_like(x)).detach()
    return x


E = ConformerEnergy()
opt = torch.optim.Adam(E.parameters(), lr=1e-4)
for it in range(2):
    pos = torch.randn(16, 9, 3)
    neg = langevin_sample(E, torch.randn(16, 9, 3))
    loss = E(pos).mean() - E(neg).mean() + 0.1 * (E(pos) ** 2 + E(neg) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
