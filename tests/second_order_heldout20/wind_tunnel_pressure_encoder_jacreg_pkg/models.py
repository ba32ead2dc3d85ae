import torch.nn as nn


class PressureEncoder(nn.Module):
    def __init__(self, latent=8):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1),
            nn.PReLU(8),
            nn.AvgPool2d(2),
        )
        self.to_latent = nn.Linear(8 * 8 * 8, latent)

    def embed(self, p):
        return self.to_latent(self.features(p).flatten(1))


class PressureDecoder(nn.Module):
    def __init__(self, latent=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(latent, 128), nn.ELU(), nn.Linear(128, 16 * 16))

    def forward(self, z):
        return self.net(z).view(-1, 1, 16, 16)


class WingAutoencoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = PressureEncoder()
        self.decoder = PressureDecoder()

    def forward(self, p):
        return self.decoder(self.encoder.embed(p))
