"""Encoder / decoder for door open-close cycles (2 x 64 samples at 20 Hz)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class DoorEncoder(nn.Module):
    def __init__(self, channels, width, latent, pool_to):
        super().__init__()
        self.conv1 = nn.Conv1d(channels, width, 5)
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool1d(pool_to)
        self.proj = nn.Linear(width * pool_to, latent)

    def forward(self, x):
        x = F.pad(x, (2, 2), mode="replicate")
        h = F.elu(self.conv1(x))
        h = torch.tanh(self.conv2(h)) + h
        h = self.pool(h)
        return self.proj(h.flatten(1))


class DoorDecoder(nn.Module):
    def __init__(self, channels, width, latent, length):
        super().__init__()
        self.width, self.base = width, length // 4
        self.fc = nn.Linear(latent, width * self.base)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv1 = nn.Conv1d(width, width, 3, padding=1)
        self.conv2 = nn.Conv1d(width, channels, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(z.shape[0], self.width, self.base)
        h = F.silu(self.conv1(self.up(h)))
        return self.conv2(self.up(h))
