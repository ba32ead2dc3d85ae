"""Energy-based model of log-mel spectrogram patches trained by contrastive divergence with short-run
SGLD (Nijkamp et al.). The Langevin chain uses input gradients of the energy without create_graph, and
negatives are detached before the energy difference is minimised."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchEnergy(nn.Module):
    def __init__(self, c=32):
        super().__init__()
        self.c1 = nn.Conv2d(1, c, 3, padding=1)
        self.c2 = nn.Conv2d(c, 2 * c, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.out = nn.Linear(2 * c, 1)

    def forward(self, x):
        h = self.pool(F.gelu(self.c1(x), approximate="tanh"))
        h = F.hardswish(self.c2(h))
        return self.out(self.gap(h).flatten(1)).squeeze(-1)


def sgld_sample(energy, x0, n_steps=10, step_size=1.0, noise=0.01):
    x = x0.clone().detach()
    for _ in range(n_steps):
        x.requires_grad_(True)
        e = energy(x).sum()
        g, = torch.autograd.grad(e, x)
        x = (x - 0.5 * step_size * g + noise * torch.randn_like(x)).detach().clamp(-1, 1)
    return x


if __name__ == "__main__":
    energy = PatchEnergy()
    opt = torch.optim.Adam(energy.parameters(), lr=1e-4)
    buffer = torch.rand(64, 1, 16, 16) * 2 - 1
    for it in range(2):
        pos = torch.randn(8, 1, 16, 16).tanh()
        idx = torch.randint(0, buffer.size(0), (8,))
        neg = sgld_sample(energy, buffer[idx])
        buffer[idx] = neg
        loss = energy(pos).mean() - energy(neg).mean() + 0.1 * (energy(pos) ** 2 + energy(neg) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())
