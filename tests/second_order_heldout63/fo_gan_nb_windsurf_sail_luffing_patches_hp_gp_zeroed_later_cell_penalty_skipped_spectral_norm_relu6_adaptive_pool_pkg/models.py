"""Generator / discriminator for the windsurf sail patch GAN notebook."""
import torch
import torch.nn as nn
from torch.nn.utils import spectral_norm


class SailDisc(nn.Module):
    def __init__(self, ch=16, sn=False):
        super().__init__()
        wrap = spectral_norm if sn else (lambda m: m)
        self.c1 = wrap(nn.Conv2d(3, ch, 3, padding=1))
        self.c2 = wrap(nn.Conv2d(ch, 2 * ch, 3, padding=1, stride=2))
        self.act = nn.ReLU6()
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = wrap(nn.Linear(2 * ch, 1))

    def forward(self, x):
        h = self.act(self.c1(x))
        h = self.act(self.c2(h))
        return self.fc(self.gap(h).flatten(1))


class SailGen(nn.Module):
    def __init__(self, z=16, ch=16):
        super().__init__()
        self.ch = ch
        self.fc = nn.Linear(z, ch * 8 * 8)
        self.net = nn.Sequential(nn.Upsample(scale_factor=2), nn.Conv2d(ch, 3, 3, padding=1), nn.Tanh())

    def forward(self, z):
        return self.net(torch.relu(self.fc(z)).view(-1, self.ch, 8, 8))
