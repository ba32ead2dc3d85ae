"""Ligand electron-density grid GAN (voxelised 3-D densities around a binding pocket) trained with
DRAGAN: gradient penalty on noisy perturbations of real grids (Kodali et al., 2017)."""
import torch
import torch.nn as nn

LAMBDA_DRAGAN = 10.0


class DensityCritic(nn.Module):
    def __init__(self, channels=4, nf=8):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv3d(channels, nf, 3, stride=2, padding=1),
            nn.LeakyReLU(0.2),
            nn.Conv3d(nf, 2 * nf, 3, stride=2, padding=1),
            nn.LeakyReLU(0.2),
            nn.AdaptiveMaxPool3d(2),
        )
        self.fc = nn.Linear(2 * nf * 8, 1)

    def forward(self, grid):
        return self.fc(self.net(grid).flatten(1))


class DensityGenerator(nn.Module):
    def __init__(self, z_dim=16, channels=4, size=8):
        super().__init__()
        self.shape = (channels, size, size, size)
        self.fc = nn.Linear(z_dim, channels * size ** 3)

    def forward(self, z):
        return torch.sigmoid(self.fc(z)).view(-1, *self.shape)


def dragan_penalty(critic, real, k=1.0, c=0.5):
    std = real.std()
    perturbed = (real + c * std * torch.rand_like(real)).detach()
    alpha = torch.rand(real.size(0), 1, 1, 1, 1)
    x_hat = (alpha * real + (1 - alpha) * perturbed).requires_grad_(True)
    out = critic(x_hat)
    grad = torch.autograd.grad(out, x_hat, grad_outputs=torch.ones_like(out), create_graph=True, retain_graph=True)[0]
    return ((grad.flatten(1).norm(2, dim=1) - k) ** 2).mean()


if __name__ == "__main__":
    D, G = DensityCritic(), DensityGenerator()
    bce = nn.BCEWithLogitsLoss()
    d_opt = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.5, 0.9))
    g_opt = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.5, 0.9))
    for it in range(2):
        real = torch.rand(2, 4, 8, 8, 8)
        fake = G(torch.randn(2, 16))
        d_real, d_fake = D(real), D(fake.detach())
        d_loss = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
        d_loss = d_loss + LAMBDA_DRAGAN * dragan_penalty(D, real)
        d_opt.zero_grad()
        d_loss.backward()
        d_opt.step()
        g_out = D(fake)
        g_loss = bce(g_out, torch.ones_like(g_out))
        g_opt.zero_grad()
        g_loss.backward()
        g_opt.step()
