import torch
import torch.nn as nn


class GatedCritic(nn.Module):
    """1-D critic on backscatter profiles: reflect-padded convs with GLU channel gating."""

    def __init__(self, channels=16, kernel=5, pad=2):
        super().__init__()
        self.pad = nn.ReflectionPad1d(pad)
        self.conv1 = nn.Conv1d(1, 2 * channels, kernel)
        self.gate = nn.GLU(dim=1)
        self.conv2 = nn.Conv1d(channels, channels, kernel, stride=2, padding=pad)
        self.act = nn.LeakyReLU(0.2)
        self.head = nn.Linear(channels, 1)

    def forward(self, x):
        h = self.gate(self.conv1(self.pad(x)))
        h = self.act(self.conv2(h))
        return self.head(h.mean(dim=-1)).squeeze(-1)


class ProfileGenerator(nn.Module):
    def __init__(self, z_dim, length, channels=24):
        super().__init__()
        self.c, self.l0 = channels, length // 4
        self.fc = nn.Linear(z_dim, channels * self.l0)
        self.up = nn.Sequential(
            nn.ConvTranspose1d(channels, channels // 2, 4, stride=2, padding=1),
            nn.SELU(),
            nn.ConvTranspose1d(channels // 2, 1, 4, stride=2, padding=1),
        )

    def forward(self, z):
        h = self.fc(z).view(z.size(0), self.c, self.l0)
        return torch.nn.functional.softplus(self.up(h))
