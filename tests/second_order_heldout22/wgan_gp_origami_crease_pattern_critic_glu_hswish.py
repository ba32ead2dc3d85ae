"""Improved WGAN-GP on 32x32 origami crease-pattern rasters (mountain/valley folds)."""
import torch
import torch.nn as nn
from torch import autograd

LAMBDA = 10
BATCH = 8


class CreaseCritic(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 2 * dim, 4, 2, 1),
            nn.GLU(dim=1),
            nn.Conv2d(dim, dim, 4, 2, 1),
            nn.Hardswish(),
        )
        self.out = nn.Linear(dim * 8 * 8, 1)

    def forward(self, x):
        h = self.body(x)
        return self.out(h.flatten(1))


class CreaseGenerator(nn.Module):
    def __init__(self, z=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z, 32 * 32), nn.Tanh())

    def forward(self, z):
        return self.net(z).view(-1, 1, 32, 32)


def calc_gradient_penalty(netD, real_data, fake_data):
    alpha = torch.rand(real_data.size(0), 1, 1, 1).expand_as(real_data)
    interpolates = alpha * real_data + (1 - alpha) * fake_data
    interpolates = autograd.Variable(interpolates, requires_grad=True)
    disc_interpolates = netD(interpolates)
    gradients = autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                              grad_outputs=torch.ones(disc_interpolates.size()),
                              create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * LAMBDA


netD, netG = CreaseCritic(), CreaseGenerator()
optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
optG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))

for it in range(2):
    real = torch.rand(BATCH, 1, 32, 32) * 2 - 1
    for _ in range(2):
        netD.zero_grad()
        fake = netG(torch.randn(BATCH, 32)).detach()
        D_real = netD(real).mean()
        D_fake = netD(fake).mean()
        gp = calc_gradient_penalty(netD, real, fake)
        D_cost = D_fake - D_real + gp
        D_cost.backward()
        optD.step()
    netG.zero_grad()
    G_cost = -netD(netG(torch.randn(BATCH, 32))).mean()
    G_cost.backward()
    optG.step()
print("D", D_cost.item(), "G", G_cost.item())
