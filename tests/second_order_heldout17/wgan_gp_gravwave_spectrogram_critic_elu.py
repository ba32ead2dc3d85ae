"""Improved WGAN (gradient penalty) on whitened gravitational-wave Q-transform spectrograms."""
import torch
import torch.nn as nn
import torch.optim as optim

LAMBDA_GP = 10.0
N_CRITIC = 2


class Generator(nn.Module):
    def __init__(self, nz=16):
        super().__init__()
        self.fc = nn.Linear(nz, 8 * 4 * 4)
        self.up = nn.Sequential(
            nn.ConvTranspose2d(8, 4, 4, 2, 1), nn.ReLU(True),
            nn.ConvTranspose2d(4, 1, 4, 2, 1), nn.Tanh())

    def forward(self, z):
        return self.up(self.fc(z).view(-1, 8, 4, 4))


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(1, 8, 3, 1, 1),
            nn.ELU(alpha=1.0),
            nn.Conv2d(8, 16, 3, 2, 1),
            nn.ELU(alpha=1.0),
            nn.AdaptiveAvgPool2d(1),
        )
        self.out = nn.Linear(16, 1)

    def forward(self, x):
        return self.out(self.main(x).flatten(1))


def calc_gradient_penalty(netD, real_data, fake_data):
    alpha = torch.rand(real_data.size(0), 1, 1, 1)
    interpolates = alpha * real_data + (1 - alpha) * fake_data
    interpolates.requires_grad_(True)
    disc_interpolates = netD(interpolates)
    gradients = torch.autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                                    grad_outputs=torch.ones_like(disc_interpolates),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * LAMBDA_GP


def main():
    netG, netD = Generator(), Critic()
    optD = optim.Adam(netD.parameters(), lr=1e-4, betas=(0.0, 0.9))
    optG = optim.Adam(netG.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for it in range(2):
        for _ in range(N_CRITIC):
            real = torch.randn(4, 1, 16, 16)
            fake = netG(torch.randn(4, 16)).detach()
            d_loss = netD(fake).mean() - netD(real).mean() + calc_gradient_penalty(netD, real, fake)
            optD.zero_grad()
            d_loss.backward()
            optD.step()
        g_loss = -netD(netG(torch.randn(4, 16))).mean()
        optG.zero_grad()
        g_loss.backward()
        optG.step()
        print(it, d_loss.item(), g_loss.item())


if __name__ == "__main__":
    main()
