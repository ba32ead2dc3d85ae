"""Projected-GAN style discriminator: frozen pretrained-like feature pyramid + small trainable heads, R1 on reals."""
import torch
from torch import nn
from torch.nn import functional as F


class FrozenPyramid(nn.Module):
    """Stand-in for an EfficientNet-lite trunk: never trained here (requires_grad False)."""

    def __init__(self, width=16):
        super().__init__()
        self.stage1 = nn.Sequential(nn.Conv2d(3, width, 3, stride=2, padding=1), nn.BatchNorm2d(width), nn.Hardswish())
        self.stage2 = nn.Sequential(nn.Conv2d(width, width * 2, 3, stride=2, padding=1), nn.BatchNorm2d(width * 2), nn.Hardswish())
        for p in self.parameters():
            p.requires_grad_(False)
        self.eval()

    def forward(self, img):
        img = F.interpolate(img, size=(64, 64), mode="bilinear", align_corners=False)
        f1 = self.stage1(img)
        return f1, self.stage2(f1)


class ProjectedDiscriminator(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.trunk = FrozenPyramid(width)
        self.head1 = nn.Sequential(nn.Conv2d(width, 32, 3, padding=1), nn.LeakyReLU(0.2), nn.Conv2d(32, 1, 1))
        self.head2 = nn.Sequential(nn.Conv2d(width * 2, 32, 3, padding=1), nn.LeakyReLU(0.2), nn.Conv2d(32, 1, 1))

    def train(self, mode=True):
        super().train(mode)
        self.trunk.eval()
        return self

    def forward(self, img):
        f1, f2 = self.trunk(img)
        return torch.cat([self.head1(f1).flatten(1), self.head2(f2).flatten(1)], dim=1)


def r1(disc, real, gamma):
    real.requires_grad_(True)
    logits = disc(real)
    (g,) = torch.autograd.grad(logits.sum(), real, create_graph=True)
    return 0.5 * gamma * g.pow(2).flatten(1).sum(1).mean()


def discriminator_step(disc, opt, real, fake, gamma=1.0):
    loss = F.relu(1 + disc(fake.detach())).mean() + F.relu(1 - disc(real)).mean()
    loss = loss + r1(disc, real.detach().clone(), gamma)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def main(G, loader, nz=128, iters=500):
    disc = ProjectedDiscriminator()
    opt = torch.optim.Adam([p for p in disc.parameters() if p.requires_grad], lr=2e-4, betas=(0.0, 0.99))
    for _, real in zip(range(iters), loader):
        with torch.no_grad():
            fake = G(torch.randn(real.size(0), nz))
        discriminator_step(disc, opt, real, fake)
