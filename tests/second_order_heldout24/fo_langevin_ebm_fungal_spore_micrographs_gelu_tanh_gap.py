# Energy-based model of fungal spore micrograph patches trained by contrastive divergence with
# short-run Langevin dynamics (Nijkamp et al. 2019): the sampler uses first-order input gradients only.
import torch
import torch.nn as nn


class SporeEnergy(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1), nn.GELU(approximate="tanh"),
            nn.Conv2d(ch, ch, 3, stride=2, padding=1), nn.GELU(approximate="tanh"),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(ch, 1),
        )

    def forward(self, x):
        return self.net(x).squeeze(-1)


def langevin(E, x, n_steps=10, step_size=1.0, noise=0.01):
    x = x.clone().detach().requires_grad_(True)
    for _ in range(n_steps):
        energy = E(x).sum()
        g = torch.autograd.grad(energy, [x])[0]
        x.data.add_(-step_size * g + noise * torch.randn_like(x))
        x.data.clamp_(-1, 1)
    return x.detach()


E = SporeEnergy()
opt = torch.optim.Adam(E.parameters(), lr=1e-4)
for it in range(3):
    x_pos = torch.rand(8, 1, 16, 16) * 2 - 1
    x_neg = langevin(E, torch.rand_like(x_pos) * 2 - 1)
    loss = E(x_pos).mean() - E(x_neg).mean() + 0.1 * (E(x_pos) ** 2 + E(x_neg) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
