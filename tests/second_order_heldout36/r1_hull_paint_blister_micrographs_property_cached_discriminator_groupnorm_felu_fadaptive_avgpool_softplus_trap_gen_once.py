"""Non-saturating GAN with an R1 penalty for hull-paint blister micrographs (12x12 greyscale crops).

The discriminator is created lazily by a cached @property of the trainer, the way many research repos
defer building networks until the first batch has fixed the channel count.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BlisterDisc(nn.Module):
    def __init__(self, channels, width=8):
        super().__init__()
        self.stem = nn.Conv2d(channels, width, 3, padding=1)
        self.norm = nn.GroupNorm(2, width)
        self.body = nn.Conv2d(width, width, 3, padding=1)
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        h = self.norm(self.stem(x))
        h = F.elu(self.body(h))
        h = F.adaptive_avg_pool2d(h, 1).flatten(1)
        return self.out(h)


class BlisterGen(nn.Module):
    def __init__(self, z_dim, channels):
        super().__init__()
        self.fc = nn.Linear(z_dim, channels * 12 * 12)
        self.channels = channels

    def forward(self, z):
        return torch.tanh(F.elu(self.fc(z))).view(-1, self.channels, 12, 12)


class R1Trainer:
    def __init__(self, channels=1, z_dim=8, gamma=5.0):
        self.channels, self.z_dim, self.gamma = channels, z_dim, gamma
        self._disc = None
        self.gen = BlisterGen(z_dim, channels)
        self.opt_g = torch.optim.Adam(self.gen.parameters(), 1e-3)
        self._opt_d = None

    @property
    def disc(self):
        if self._disc is None:
            self._disc = BlisterDisc(self.channels)
            self._opt_d = torch.optim.Adam(self._disc.parameters(), 1e-3)
        return self._disc

    def r1(self, real):
        real = real.detach().requires_grad_(True)
        logits = self.disc(real)
        (g,) = torch.autograd.grad(logits.sum(), real, create_graph=True)
        return g.pow(2).flatten(1).sum(1).mean()

    def d_step(self, real):
        fake = self.gen(torch.randn(real.size(0), self.z_dim)).detach()
        loss = F.softplus(self.disc(fake)).mean() + F.softplus(-self.disc(real)).mean()
        loss = loss + 0.5 * self.gamma * self.r1(real)
        self._opt_d.zero_grad()
        loss.backward()
        self._opt_d.step()
        return loss.item()

    def g_step(self, n):
        loss = F.softplus(-self.disc(self.gen(torch.randn(n, self.z_dim)))).mean()
        self.opt_g.zero_grad()
        loss.backward()
        self.opt_g.step()
        return loss.item()


def micrographs(n):
    base = torch.randn(n, 1, 12, 12) * 0.1
    yy, xx = torch.meshgrid(torch.arange(12.0), torch.arange(12.0), indexing="ij")
    blister = torch.exp(-((yy - 6) ** 2 + (xx - 6) ** 2) / 8.0)
    return (base + blister).clamp(-1, 1)


if __name__ == "__main__":
    torch.manual_seed(1)
    trainer = R1Trainer()
    for it in range(3):
        real = micrographs(6)
        print(it, trainer.d_step(real), trainer.g_step(6))
