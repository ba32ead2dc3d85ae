"""Improved WGAN-GP on tree-ring density profiles (1-D signals)."""
import torch
import torch.nn as nn
import torch.optim as optim

LAMBDA_GP = 10.0
SEQ = 64


class Generator(nn.Module):
    def __init__(self, nz=16):
        super().__init__()
        self.main = nn.Sequential(nn.Linear(nz, 128), nn.ReLU(True), nn.Linear(128, SEQ), nn.Tanh())

    def forward(self, z):
        return self.main(z)


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.Linear(SEQ, 128),
            nn.ELU(),
            nn.Linear(128, 64),
            nn.LeakyReLU(0.2),
            nn.Linear(64, 1),
        )

    def forward(self, x):
        return self.main(x)


def calc_gradient_penalty(netD, real_data, fake_data):
    alpha = torch.rand(real_data.size(0), 1)
    alpha = alpha.expand(real_data.size())
    interpolates = alpha * real_data + ((1 - alpha) * fake_data)
    interpolates = torch.autograd.Variable(interpolates, requires_grad=True)
    disc_interpolates = netD(interpolates)
    gradients = torch.autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                                    grad_outputs=torch.ones(disc_interpolates.size()),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * LAMBDA_GP


netG, netD = Generator(), Critic()
optD = optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
optG = optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))
for it in range(2):
    real = torch.randn(8, SEQ)
    for _ in range(2):
        netD.zero_grad()
        fake = netG(torch.randn(8, 16)).detach()
        d_cost = netD(fake).mean() - netD(real).mean() + calc_gradient_penalty(netD, real, fake)
        d_cost.backward()
        optD.step()
    netG.zero_grad()
    g_cost = -netD(netG(torch.randn(8, 16))).mean()
    g_cost.backward()
    optG.step()
