"""DCGAN-style generator and MMD critic (feature extractor) for 32x32 images."""
import torch.nn as nn
import torch.nn.functional as F


class Generator(nn.Module):
    def __init__(self, z_dim=128, ngf=64):
        super().__init__()
        self.fc = nn.Linear(z_dim, 4 * 4 * ngf * 4)
        self.body = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(ngf * 4, ngf * 2, 3, padding=1),
            nn.BatchNorm2d(ngf * 2), nn.ReLU(True),
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(ngf * 2, ngf, 3, padding=1),
            nn.BatchNorm2d(ngf), nn.ReLU(True),
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(ngf, 3, 3, padding=1), nn.Tanh())
        self.ngf = ngf

    def forward(self, z):
        return self.body(self.fc(z).view(-1, self.ngf * 4, 4, 4))


class FeatureCritic(nn.Module):
    """phi(x) on the unit sphere: the kernel is then a function of the cosine between features."""

    def __init__(self, ndf=64, feat_dim=16):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(3, ndf, 4, 2, 1), nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf, ndf * 2, 4, 2, 1), nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf * 2, ndf * 4, 4, 2, 1), nn.LeakyReLU(0.2, inplace=True))
        self.head = nn.Linear(ndf * 4 * 16, feat_dim)

    def forward(self, x):
        h = self.head(self.conv(x).flatten(1))
        return F.normalize(h, p=2, dim=1)
