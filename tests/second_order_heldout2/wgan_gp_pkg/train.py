"""Packaged WGAN-GP training script: models come from models.py in the same folder."""
import torch
from torch import autograd

from models import Critic, Generator


def gradient_penalty(netD, real_data, fake_data, lambda_gp=10.0):
    alpha = torch.rand(real_data.size(0), 1, 1, 1).expand_as(real_data)
    interpolates = (alpha * real_data + (1 - alpha) * fake_data).requires_grad_(True)
    disc_interpolates = netD(interpolates)
    gradients = autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                              grad_outputs=torch.ones(disc_interpolates.size()),
                              create_graph=True, retain_graph=True, only_inputs=True)[0]
    return ((gradients.view(gradients.size(0), -1).norm(2, dim=1) - 1) ** 2).mean() * lambda_gp


def main(loader, iters=100000, critic_iters=5):
    netG, netD = Generator(), Critic()
    optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
    optG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))
    data = iter(loader)
    for it in range(iters):
        for _ in range(critic_iters):
            real = next(data)
            with torch.no_grad():
                fake = netG(torch.randn(real.size(0), 128))
            d_cost = netD(fake).mean() - netD(real).mean() + gradient_penalty(netD, real, fake)
            optD.zero_grad()
            d_cost.backward()
            optD.step()
        g_cost = -netD(netG(torch.randn(64, 128))).mean()
        optG.zero_grad()
        g_cost.backward()
        optG.step()


if __name__ == "__main__":
    main(loader=[torch.randn(64, 3, 32, 32) for _ in range(10)])
