"""Critic hierarchy, part 2: SpectralCritic(ConvCritic); the generator; the LightningModule-style GAN."""
import torch
import torch.nn as nn
from torch.nn.utils import spectral_norm

import config as C
from critics import ConvCritic


class SpectralCritic(ConvCritic):
    """Spectral-normalised ConvCritic; bounded activation because ink strokes saturate the patches."""

    def __init__(self, channels, width):
        super().__init__(channels, width)
        self.conv1 = spectral_norm(self.conv1)
        self.conv2 = spectral_norm(self.conv2)
        self.fc = spectral_norm(self.fc)

    def make_act(self):
        return nn.ReLU6()


class GlyphGenerator(nn.Module):
    def __init__(self, z_dim, width, channels, img):
        super().__init__()
        self.s0 = img // 4
        self.fc = nn.Linear(z_dim, width * self.s0 * self.s0)
        self.net = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(width, width, 3, padding=1), nn.PReLU(),
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(width, channels, 3, padding=1), nn.Sigmoid(),
        )
        self.width = width

    def forward(self, z):
        return self.net(self.fc(z).view(z.shape[0], self.width, self.s0, self.s0))


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.shape[0], 1, 1, 1)
    x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    (g,) = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)
    return ((g.flatten(1).norm(dim=1) - 1.0) ** 2).mean()


class GlyphWGAN(nn.Module):
    def __init__(self, config=C):
        super().__init__()
        self.cfg = config
        self.G = GlyphGenerator(config.Z_DIM, config.G_WIDTH, config.CHANNELS, config.IMG)
        self.D = SpectralCritic(config.CHANNELS, config.D_WIDTH)

    def configure_optimizers(self):
        opt_g = torch.optim.Adam(self.G.parameters(), lr=self.cfg.LR_G, betas=self.cfg.BETAS)
        opt_d = torch.optim.Adam(self.D.parameters(), lr=self.cfg.LR_D, betas=self.cfg.BETAS)
        return [opt_g, opt_d]

    def training_step(self, batch, batch_idx, optimizer_idx):
        real = batch
        z = torch.randn(real.shape[0], self.cfg.Z_DIM)
        if optimizer_idx == 0:
            g_loss = -self.D(self.G(z)).mean()
            return g_loss, {"g": g_loss.item()}
        with torch.no_grad():
            fake = self.G(z)
        d_real, d_fake = self.D(real), self.D(fake)
        gp = gradient_penalty(self.D, real, fake)
        d_loss = d_fake.mean() - d_real.mean() + self.cfg.GP_WEIGHT * gp + self.cfg.DRIFT_WEIGHT * d_real.pow(2).mean()
        return d_loss, {"d": d_loss.item(), "gp": gp.item()}
