"""Glaze crawling defect patches (1x16x16 height maps) for a small GAN."""
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, zdim=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(zdim, 64), nn.PReLU(), nn.Linear(64, 256), nn.Tanh())

    def forward(self, z):
        return self.net(z).view(-1, 1, 16, 16)


class Discriminator(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1),
            nn.LeakyReLU(0.2),
            nn.AvgPool2d(2),
            nn.Conv2d(ch, 2 * ch, 3, padding=1),
            nn.LeakyReLU(0.2),
            nn.Flatten(),
            nn.Linear(2 * ch * 64, 1),
        )

    def forward(self, x):
        return self.net(x)
