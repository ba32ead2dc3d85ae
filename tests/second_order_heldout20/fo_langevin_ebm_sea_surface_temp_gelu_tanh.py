# Short-run MCMC energy-based model of sea-surface temperature anomaly patches (Nijkamp et al. style)
import torch
import torch.nn as nn

E = nn.Sequential(
    nn.Linear(64, 128),
    nn.GELU(approximate="tanh"),
    nn.Linear(128, 1),
)
opt = torch.optim.Adam(E.parameters(), lr=1e-4)


def sample_langevin(x, n_steps=10, step_size=1.0, noise=0.01):
    x = x.clone().detach()
    for _ in range(n_steps):
        x.requires_grad_(True)
        energy = E(x).sum()
        g = torch.autograd.grad(energy, [x])[0]
        x = (x - step_size * g + noise * torch.randn_like(x)).detach()
    return x


for it in range(3):
    pos = torch.randn(16, 64)
    neg = sample_langevin(torch.rand(16, 64) * 2 - 1)
    loss = E(pos).mean() - E(neg).mean() + 0.1 * (E(pos) ** 2 + E(neg) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
