"""WGAN-GP with a residual critic (SNGAN/WGAN-GP ResNet style) for CIFAR-10."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def _downsample(x):
    return F.avg_pool2d(x, 2)


class DBlock(nn.Module):
    def __init__(self, cin, cout, down=True):
        super().__init__()
        self.c1 = nn.Conv2d(cin, cout, 3, 1, 1)
        self.c2 = nn.Conv2d(cout, cout, 3, 1, 1)
        self.sc = nn.Conv2d(cin, cout, 1)
        self.down = down

    def residual(self, x):
        h = self.c1(F.relu(x))
        h = self.c2(F.relu(h))
        if self.down:
            h = _downsample(h)
        return h

    def shortcut(self, x):
        x = self.sc(x)
        if self.down:
            x = _downsample(x)
        return x

    def forward(self, x):
        return self.residual(x) + self.shortcut(x)


class ResCritic(nn.Module):
    def __init__(self, ch=128):
        super().__init__()
        self.blocks = nn.ModuleList([
            DBlock(3, ch),
            DBlock(ch, ch),
            DBlock(ch, ch, down=False),
            DBlock(ch, ch, down=False),
        ])
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.out = nn.Linear(ch, 1)

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        x = self.pool(F.relu(x)).view(x.size(0), -1)
        return self.out(x)


def compute_gp(netD, real_data, fake_data):
    b = real_data.shape[0]
    eps = torch.rand(b, 1, 1, 1).expand_as(real_data)
    mixed = eps * real_data + (1.0 - eps) * fake_data
    mixed.requires_grad = True
    out = netD(mixed)
    g, = torch.autograd.grad(out.sum(), mixed, create_graph=True)
    return ((g.flatten(1).norm(dim=1) - 1.0) ** 2).mean()


def critic_step(netD, netG, real, opt, lam=10.0):
    with torch.no_grad():
        fake = netG(torch.randn(real.size(0), 128))
    loss = netD(fake).mean() - netD(real).mean() + lam * compute_gp(netD, real, fake)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    return loss.item()
