"""Non-saturating GAN for short foghorn recordings with an R1 penalty on real clips.

Models are kept in a namespace and looked up by name from the training schedule.
"""
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

SCHEDULE = [("disc", "d_step"), ("gen", "g_step")]
R1_GAMMA = 10.0
CLIP_LEN = 64
Z_DIM = 8


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(Z_DIM, 16 * 16)
        self.up = nn.Upsample(scale_factor=4, mode="nearest")
        self.conv = nn.Conv1d(16, 1, 5, padding=2)

    def forward(self, z):
        h = self.fc(z).view(-1, 16, 16)
        return torch.tanh(self.conv(self.up(h)))


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad = nn.ReflectionPad1d(3)
        self.conv1 = nn.Conv1d(1, 8, 7)
        self.pool = nn.MaxPool1d(4)
        self.conv2 = nn.Conv1d(8, 16, 3, padding=1)
        self.fc = nn.Linear(16, 1)

    def forward(self, x):
        h = self.pool(F.hardswish(self.conv1(self.pad(x))))
        h = F.hardswish(self.conv2(h))
        return self.fc(h.mean(-1))


def d_step(models, opts, real):
    z = torch.randn(real.shape[0], Z_DIM)
    fake = models.gen(z).detach()
    real = real.requires_grad_(True)
    real_logits = models.disc(real)
    loss = F.softplus(-real_logits).mean() + F.softplus(models.disc(fake)).mean()
    (g,) = torch.autograd.grad(real_logits.sum(), real, create_graph=True)
    loss = loss + 0.5 * R1_GAMMA * g.pow(2).sum(dim=[1, 2]).mean()
    opts.disc.zero_grad()
    loss.backward()
    opts.disc.step()
    return loss.item()


def g_step(models, opts, real):
    z = torch.randn(real.shape[0], Z_DIM)
    loss = F.softplus(-models.disc(models.gen(z))).mean()
    opts.gen.zero_grad()
    loss.backward()
    opts.gen.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    models = SimpleNamespace(gen=Generator(), disc=Discriminator())
    opts = SimpleNamespace(gen=torch.optim.Adam(models.gen.parameters(), lr=2e-4, betas=(0.0, 0.99)),
                           disc=torch.optim.Adam(models.disc.parameters(), lr=2e-4, betas=(0.0, 0.99)))
    steps = {"d_step": d_step, "g_step": g_step}
    for it in range(2):
        t = torch.linspace(0, 1, CLIP_LEN)
        real = (torch.sin(2 * torch.pi * (3 + torch.rand(8, 1)) * t)).unsqueeze(1)
        for name, fn in SCHEDULE:
            assert getattr(models, name) is not None
            print(it, name, steps[fn](models, opts, real))


if __name__ == "__main__":
    main()
