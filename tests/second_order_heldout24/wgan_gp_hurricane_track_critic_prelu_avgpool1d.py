"""Improved WGAN (Gulrajani et al.) on 6-hourly hurricane best-track sequences (lat, lon, wind, pressure)."""
import torch
import torch.nn as nn
from torch import autograd

LAMBDA = 10
CRITIC_ITERS = 5
SEQ_LEN = 16


class TrackGenerator(nn.Module):
    def __init__(self, nz=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(nz, 64), nn.ReLU(), nn.Linear(64, 4 * SEQ_LEN))

    def forward(self, z):
        return self.net(z).view(-1, 4, SEQ_LEN)


class TrackCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv1d(4, 32, 3, padding=1)
        self.act1 = nn.PReLU(32)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(32, 32, 3, padding=1)
        self.out = nn.Linear(32 * SEQ_LEN // 4, 1)

    def forward(self, x):
        h = self.pool(self.act1(self.conv1(x)))
        h = self.pool(torch.tanh(self.conv2(h)))
        return self.out(h.flatten(1))


def calc_gradient_penalty(netD, real_data, fake_data):
    alpha = torch.rand(real_data.size(0), 1, 1).expand_as(real_data)
    interpolates = alpha * real_data + ((1 - alpha) * fake_data)
    interpolates = autograd.Variable(interpolates, requires_grad=True)
    disc_interpolates = netD(interpolates)
    gradients = autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                              grad_outputs=torch.ones(disc_interpolates.size()),
                              create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * LAMBDA


netG, netD = TrackGenerator(), TrackCritic()
optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
optG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))
for it in range(3):
    for p in netD.parameters():
        p.requires_grad = True
    for _ in range(CRITIC_ITERS):
        real = torch.randn(8, 4, SEQ_LEN)
        netD.zero_grad()
        D_real = netD(real).mean()
        fake = netG(torch.randn(8, 16)).detach()
        D_fake = netD(fake).mean()
        gradient_penalty = calc_gradient_penalty(netD, real, fake)
        D_cost = D_fake - D_real + gradient_penalty
        D_cost.backward()
        optD.step()
    for p in netD.parameters():
        p.requires_grad = False
    netG.zero_grad()
    G_cost = -netD(netG(torch.randn(8, 16))).mean()
    G_cost.backward()
    optG.step()
