"""Hull-form autoencoder: 2-D hull offset tables (stations x waterlines) -> latent -> reconstruction."""
import torch.nn as nn


class HullEncoder(nn.Module):
    def __init__(self, width, latent):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, width, 3, padding=1),
            nn.LocalResponseNorm(size=3),
            nn.Hardswish(),
            nn.Conv2d(width, width, 3, padding=1),
        )
        self.pool = nn.AdaptiveAvgPool2d(2)
        self.proj = nn.Linear(width * 4, latent)

    def embed(self, offsets):
        return self.proj(self.pool(self.features(offsets)).flatten(1))

    def forward(self, offsets):
        return self.embed(offsets)


def build_encoder(width=8, latent=6):
    return HullEncoder(width, latent)


class HullDecoder(nn.Module):
    def __init__(self, latent=6, n=16):
        super().__init__()
        self.n = n
        self.net = nn.Sequential(nn.Linear(latent, 64), nn.ELU(), nn.Linear(64, n * n))

    def forward(self, z):
        return self.net(z).view(-1, 1, self.n, self.n)


class HullAutoencoder(nn.Module):
    def __init__(self, width=8, latent=6):
        super().__init__()
        self.encoder = build_encoder(width, latent)
        self.decoder = HullDecoder(latent)

    def forward(self, offsets):
        return self.decoder(self.encoder(offsets))


ARCHS = {"hull_ae": HullAutoencoder}
