import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import spectral_norm

import config


class DownBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv1 = spectral_norm(nn.Conv2d(cin, cout, 3, padding=1))
        self.conv2 = spectral_norm(nn.Conv2d(cout, cout, 3, padding=1))
        self.skip = spectral_norm(nn.Conv2d(cin, cout, 1))
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x):
        h = self.conv2(self.act(self.conv1(self.act(x))))
        return F.avg_pool2d(h + self.skip(x), 2)


class ProjectionCritic(nn.Module):
    """Miyato & Koyama projection discriminator: f(x) + <embed(y), phi(x)>."""

    def __init__(self, n_classes=config.NUM_CLASSES, ch=config.BASE_CH):
        super().__init__()
        self.blocks = nn.Sequential(DownBlock(1, ch), DownBlock(ch, 2 * ch))
        self.global_pool = nn.AdaptiveMaxPool2d(1)
        self.linear = spectral_norm(nn.Linear(2 * ch, 1))
        self.embed = spectral_norm(nn.Embedding(n_classes, 2 * ch))

    def forward(self, x, y):
        phi = self.global_pool(self.blocks(x)).flatten(1)
        return self.linear(phi).squeeze(1) + (self.embed(y) * phi).sum(1)


class ConditionalGenerator(nn.Module):
    def __init__(self, n_classes=config.NUM_CLASSES, z=config.LATENT_DIM, ch=config.BASE_CH):
        super().__init__()
        self.label = nn.Embedding(n_classes, z)
        self.fc = nn.Linear(z, ch * 4 * 4)
        self.up = nn.ConvTranspose2d(ch, 1, 4, stride=2, padding=1)
        self.ch = ch

    def forward(self, z, y):
        h = self.fc(z * self.label(y)).view(-1, self.ch, 4, 4)
        return torch.tanh(self.up(F.relu(h)))
