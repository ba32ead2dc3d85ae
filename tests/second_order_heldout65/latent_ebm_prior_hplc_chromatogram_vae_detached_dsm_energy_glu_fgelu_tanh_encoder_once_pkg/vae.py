"""Conv VAE over baseline-corrected chromatograms (one UV channel at 254 nm)."""
import torch
import torch.nn.functional as F
from torch import nn


class ChromEncoder(nn.Module):
    def __init__(self, width, latent):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(1, width, 9, padding=4), nn.GroupNorm(4, width), nn.ELU(),
            nn.Conv1d(width, width, 9, stride=2, padding=4), nn.GroupNorm(4, width), nn.ELU(),
            nn.AdaptiveAvgPool1d(8),
        )
        self.mu = nn.Linear(8 * width, latent)
        self.logvar = nn.Linear(8 * width, latent)

    def forward(self, x):
        h = self.conv(x).flatten(1)
        return self.mu(h), self.logvar(h).clamp(-8, 4)


class ChromDecoder(nn.Module):
    def __init__(self, width, latent, length):
        super().__init__()
        self.width, self.base = width, length // 4
        self.fc = nn.Linear(latent, width * self.base)
        self.up = nn.Upsample(scale_factor=4, mode="nearest")
        self.conv = nn.Conv1d(width, 1, 9, padding=4)

    def forward(self, z):
        h = F.softplus(self.fc(z)).view(z.shape[0], self.width, self.base)
        return self.conv(self.up(h))


class ChromVAE(nn.Module):
    def __init__(self, width, latent, length):
        super().__init__()
        self.encoder = ChromEncoder(width, latent)
        self.decoder = ChromDecoder(width, latent, length)

    def forward(self, x):
        mu, logvar = self.encoder(x)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.decoder(z), mu, logvar

    def loss(self, x, beta):
        recon, mu, logvar = self(x)
        rec = F.smooth_l1_loss(recon, x, beta=0.02, reduction="sum") / x.shape[0]
        kl = -0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum(1).mean()
        return rec + beta * kl, rec, kl
