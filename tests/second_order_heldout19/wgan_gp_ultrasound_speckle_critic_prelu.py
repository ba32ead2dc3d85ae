"""Improved WGAN-GP for synthetic B-mode ultrasound speckle patches."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import autograd

LAMBDA = 10
BATCH = 4


class Critic(nn.Module):
    def __init__(self, dim=8):
        super(Critic, self).__init__()
        self.c1 = nn.Conv2d(1, dim, 3, 1, 1)
        self.a1 = nn.PReLU(dim)
        self.c2 = nn.Conv2d(dim, 2 * dim, 3, 1, 1)
        self.out = nn.Linear(2 * dim * 4 * 4, 1)

    def forward(self, x):
        x = self.a1(self.c1(x))
        x = F.avg_pool2d(x, 2)
        x = torch.tanh(self.c2(x))
        x = F.avg_pool2d(x, 2)
        return self.out(x.view(x.size(0), -1))


def calc_gradient_penalty(netD, real_data, fake_data):
    alpha = torch.rand(BATCH, 1, 1, 1).expand(real_data.size())
    interpolates = alpha * real_data + ((1 - alpha) * fake_data)
    interpolates = autograd.Variable(interpolates, requires_grad=True)
    disc_interpolates = netD(interpolates)
    gradients = autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                              grad_outputs=torch.ones(disc_interpolates.size()),
                              create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * LAMBDA


netG = nn.Sequential(nn.Linear(16, 256), nn.Tanh())
netD = Critic()
optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
for it in range(2):
    real = torch.randn(BATCH, 1, 16, 16)
    with torch.no_grad():
        fake = netG(torch.randn(BATCH, 16)).view(BATCH, 1, 16, 16)
    netD.zero_grad()
    D_real = netD(real).mean()
    D_fake = netD(fake).mean()
    gp = calc_gradient_penalty(netD, real, fake)
    D_cost = D_fake - D_real + gp
    D_cost.backward()
    optD.step()
