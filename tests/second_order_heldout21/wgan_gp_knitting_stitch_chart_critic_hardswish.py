"""Improved WGAN (Gulrajani et al.) on 16x16 knitting stitch charts. Critic follows the
DCGAN-ish layout of the original `gan_64x64.py` port, with hard-swish instead of ReLU."""
import torch
import torch.nn as nn
import torch.nn.functional as F

LAMBDA = 10
BATCH = 4


class Critic(nn.Module):
    def __init__(self, dim=8):
        super(Critic, self).__init__()
        self.main = nn.Sequential(
            nn.Conv2d(1, dim, 3, 1, 1),
            nn.Hardswish(),
            nn.AvgPool2d(2),
            nn.Conv2d(dim, 2 * dim, 3, 1, 1),
            nn.LeakyReLU(0.2),
        )
        self.register_buffer("stitch_prior", torch.ones(1, 1, 16, 16))
        self.out = nn.Linear(2 * dim * 8 * 8 + 64, 1)

    def forward(self, x):
        h = self.main(x).view(x.size(0), -1)
        prior = F.avg_pool2d(self.stitch_prior, 2).view(1, -1).expand(x.size(0), -1)
        return self.out(torch.cat([h, prior], 1))


class Generator(nn.Module):
    def __init__(self, nz=16):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(nz, 256), nn.ReLU(True), nn.Linear(256, 256), nn.Tanh())

    def forward(self, z):
        return self.fc(z).view(-1, 1, 16, 16)


def calc_gradient_penalty(netD, real_data, fake_data):
    alpha = torch.rand(BATCH, 1, 1, 1).expand(real_data.size())
    interpolates = alpha * real_data + ((1 - alpha) * fake_data)
    interpolates = torch.autograd.Variable(interpolates, requires_grad=True)
    disc_interpolates = netD(interpolates)
    gradients = torch.autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                                    grad_outputs=torch.ones(disc_interpolates.size()),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * LAMBDA


netG, netD = Generator(), Critic()
optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
optG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))
for iteration in range(2):
    for p in netD.parameters():
        p.requires_grad = True
    real = torch.rand(BATCH, 1, 16, 16) * 2 - 1
    netD.zero_grad()
    D_real = netD(real).mean()
    with torch.no_grad():
        fake = netG(torch.randn(BATCH, 16))
    D_fake = netD(fake).mean()
    gradient_penalty = calc_gradient_penalty(netD, real, fake)
    D_cost = D_fake - D_real + gradient_penalty
    D_cost.backward()
    optD.step()
    for p in netD.parameters():
        p.requires_grad = False
    netG.zero_grad()
    G_cost = -netD(netG(torch.randn(BATCH, 16))).mean()
    G_cost.backward()
    optG.step()
