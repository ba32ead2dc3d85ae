"""Improved WGAN-GP on binary piano-roll bars (MuseGAN-style bar critic)."""
import torch
import torch.nn as nn

LAMBDA_GP = 10.0


class BarGenerator(nn.Module):
    def __init__(self, z_dim=32):
        super().__init__()
        self.fc = nn.Linear(z_dim, 16 * 4 * 6)
        self.up = nn.Sequential(
            nn.ConvTranspose2d(16, 8, 4, 2, 1), nn.BatchNorm2d(8), nn.ReLU(True),
            nn.ConvTranspose2d(8, 1, 4, 2, 1), nn.Sigmoid())

    def forward(self, z):
        return self.up(self.fc(z).view(-1, 16, 4, 6))


class BarCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.LeakyReLU(0.2),
            nn.AvgPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.LeakyReLU(0.2))
        self.out = nn.Linear(16 * 8 * 12, 1)

    def forward(self, x):
        return self.out(self.main(x).flatten(1))


def calc_gradient_penalty(netD, real_data, fake_data):
    alpha = torch.rand(real_data.size(0), 1, 1, 1).expand_as(real_data)
    interpolates = alpha * real_data + (1 - alpha) * fake_data
    interpolates.requires_grad_(True)
    disc_interpolates = netD(interpolates)
    gradients = torch.autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                                    grad_outputs=torch.ones_like(disc_interpolates),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * LAMBDA_GP


def main():
    netG, netD = BarGenerator(), BarCritic()
    optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
    optG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))
    for it in range(2):
        real = (torch.rand(4, 1, 16, 24) > 0.8).float()
        for _ in range(2):
            fake = netG(torch.randn(4, 32)).detach()
            d_loss = netD(fake).mean() - netD(real).mean()
            gp = calc_gradient_penalty(netD, real, fake)
            optD.zero_grad()
            (d_loss + gp).backward()
            optD.step()
        g_loss = -netD(netG(torch.randn(4, 32))).mean()
        optG.zero_grad()
        g_loss.backward()
        optG.step()
        print(it, d_loss.item(), gp.item(), g_loss.item())


if __name__ == "__main__":
    main()
