"""WGAN-GP on 32x32 H&E histology patches (improved-WGAN training loop)."""
import torch
import torch.nn as nn
import torch.optim as optim


class Generator(nn.Module):
    def __init__(self, nz=64, ngf=32):
        super().__init__()
        self.main = nn.Sequential(
            nn.ConvTranspose2d(nz, ngf * 2, 4, 1, 0),
            nn.BatchNorm2d(ngf * 2),
            nn.Hardswish(),
            nn.ConvTranspose2d(ngf * 2, ngf, 4, 2, 1),
            nn.ReLU(True),
            nn.ConvTranspose2d(ngf, 3, 4, 2, 1),
            nn.Tanh(),
        )

    def forward(self, z):
        return self.main(z)


class Critic(nn.Module):
    def __init__(self, ndf=32):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, ndf, 3, 2, 1),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf, ndf * 2, 3, 2, 1),
            nn.LeakyReLU(0.2, inplace=True),
        )
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(ndf * 2, 1)

    def forward(self, x):
        h = self.gap(self.features(x))
        return self.fc(h.flatten(1))


def calc_gradient_penalty(netD, real_data, fake_data, lambda_gp=10.0):
    alpha = torch.rand(real_data.size(0), 1, 1, 1, device=real_data.device)
    interpolates = (alpha * real_data + (1 - alpha) * fake_data).requires_grad_(True)
    disc_interpolates = netD(interpolates)
    gradients = torch.autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                                    grad_outputs=torch.ones_like(disc_interpolates),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * lambda_gp


def main(iters=2, batch=4, nz=64):
    netG, netD = Generator(nz), Critic()
    optD = optim.Adam(netD.parameters(), lr=1e-4, betas=(0.0, 0.9))
    optG = optim.Adam(netG.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for it in range(iters):
        real = torch.randn(batch, 3, 16, 16)
        for _ in range(2):
            noise = torch.randn(batch, nz, 1, 1)
            fake = netG(noise).detach()
            d_real = netD(real).mean()
            d_fake = netD(fake).mean()
            gp = calc_gradient_penalty(netD, real, fake)
            optD.zero_grad()
            (d_fake - d_real + gp).backward()
            optD.step()
        optG.zero_grad()
        g_cost = -netD(netG(torch.randn(batch, nz, 1, 1))).mean()
        g_cost.backward()
        optG.step()
        print(f"[{it}] W={float(d_real - d_fake):.3f} gp={float(gp):.3f}")


if __name__ == "__main__":
    main()
