"""Improved WGAN (gradient penalty) on 32x32 bonsai silhouettes."""
import torch
import torch.nn as nn
from torch import autograd

LAMBDA = 10.0


class Generator(nn.Module):
    def __init__(self, nz=16):
        super().__init__()
        self.fc = nn.Linear(nz, 32 * 8 * 8)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2),
            nn.Conv2d(32, 16, 3, padding=1),
            nn.LeakyReLU(0.2),
            nn.Upsample(scale_factor=2),
            nn.Conv2d(16, 1, 3, padding=1),
            nn.Tanh(),
        )

    def forward(self, z):
        return self.up(self.fc(z).view(-1, 32, 8, 8))


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(1, 16, 4, 2, 1),
            nn.ELU(),
            nn.Conv2d(16, 32, 4, 2, 1),
            nn.Hardtanh(-2.0, 2.0),
            nn.Conv2d(32, 32, 3, 1, 1),
            nn.ELU(),
        )
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.out = nn.Linear(32, 1)

    def forward(self, x):
        h = self.gap(self.main(x)).flatten(1)
        return self.out(h)


def calc_gradient_penalty(netD, real_data, fake_data):
    alpha = torch.rand(real_data.size(0), 1, 1, 1)
    interpolates = alpha * real_data + (1 - alpha) * fake_data
    interpolates.requires_grad_(True)
    disc_interpolates = netD(interpolates)
    gradients = autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                              grad_outputs=torch.ones_like(disc_interpolates),
                              create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * LAMBDA


netG, netD = Generator(), Critic()
optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
optG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))
for it in range(2):
    real = torch.rand(4, 1, 32, 32) * 2 - 1
    for _ in range(2):
        fake = netG(torch.randn(4, 16)).detach()
        d_cost = netD(fake).mean() - netD(real).mean() + calc_gradient_penalty(netD, real, fake)
        optD.zero_grad()
        d_cost.backward()
        optD.step()
    g_cost = -netD(netG(torch.randn(4, 16))).mean()
    optG.zero_grad()
    g_cost.backward()
    optG.step()
