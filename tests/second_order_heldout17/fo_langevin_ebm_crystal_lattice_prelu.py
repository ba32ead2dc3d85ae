"""Energy-based model of crystal lattice descriptors trained by contrastive divergence with short-run
Langevin chains; the sampler's input gradients are first order (no create_graph)."""
import torch
import torch.nn as nn


class EnergyNet(nn.Module):
    def __init__(self, d=9):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 64), nn.PReLU(), nn.Linear(64, 64), nn.PReLU(), nn.Linear(64, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def langevin(E, x, n_steps=10, step_size=0.01, noise=0.005):
    x = x.clone().detach()
    for _ in range(n_steps):
        x.requires_grad_(True)
        e = E(x).sum()
        g = torch.autograd.grad(e, x)[0]
        x = (x - step_size * g + noise * torch.randn_like(x)).detach()
    return x


E = EnergyNet()
opt = torch.optim.Adam(E.parameters(), lr=1e-4, betas=(0.0, 0.999))
buffer = torch.randn(64, 9)
for it in range(3):
    pos = torch.randn(16, 9)
    idx = torch.randint(0, buffer.size(0), (16,))
    neg = langevin(E, buffer[idx])
    buffer[idx] = neg
    loss = E(pos).mean() - E(neg).mean() + 0.1 * (E(pos) ** 2 + E(neg) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
