"""Improved WGAN (gradient penalty) for 64x64 radar precipitation fields. The critic pads with
reflection (no border artefacts on rain cells) and uses self-normalising SELU units."""
import argparse

import torch
import torch.nn as nn
import torch.autograd as autograd

parser = argparse.ArgumentParser()
parser.add_argument("--lambda_gp", type=float, default=10.0)
parser.add_argument("--n_critic", type=int, default=5)
parser.add_argument("--iters", type=int, default=2)
opt = parser.parse_args([])


class Generator(nn.Module):
    def __init__(self, nz=64):
        super().__init__()
        self.fc = nn.Linear(nz, 64 * 8 * 8)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(64, 32, 3, padding=1), nn.ReLU(True),
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(32, 16, 3, padding=1), nn.ReLU(True),
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(16, 1, 3, padding=1), nn.Softplus())

    def forward(self, z):
        return self.up(self.fc(z).view(-1, 64, 8, 8))


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.ReflectionPad2d(1),
            nn.Conv2d(1, 16, 3, stride=2),
            nn.SELU(),
            nn.Conv2d(16, 32, 4, stride=2, padding=1),
            nn.SELU(),
            nn.Conv2d(32, 64, 4, stride=2, padding=1),
            nn.LeakyReLU(0.2),
        )
        self.fc = nn.Linear(64 * 8 * 8, 1)

    def forward(self, x):
        return self.fc(self.main(x).flatten(1))


def calc_gradient_penalty(netD, real_data, fake_data):
    alpha = torch.rand(real_data.size(0), 1, 1, 1).expand_as(real_data)
    interpolates = (alpha * real_data + (1 - alpha) * fake_data).requires_grad_(True)
    disc_interpolates = netD(interpolates)
    gradients = autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                              grad_outputs=torch.ones_like(disc_interpolates),
                              create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * opt.lambda_gp


netG, netD = Generator(), Critic()
optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.0, 0.9))
optG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.0, 0.9))
for it in range(opt.iters):
    for _ in range(opt.n_critic):
        real = torch.rand(4, 1, 64, 64) ** 3
        fake = netG(torch.randn(4, 64)).detach()
        d_loss = netD(fake).mean() - netD(real).mean() + calc_gradient_penalty(netD, real.data, fake.data)
        optD.zero_grad()
        d_loss.backward()
        optD.step()
    g_loss = -netD(netG(torch.randn(4, 64))).mean()
    optG.zero_grad()
    g_loss.backward()
    optG.step()
    print(it, d_loss.item(), g_loss.item())
