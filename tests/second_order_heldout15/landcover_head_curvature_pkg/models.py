import torch.nn as nn


class TileEncoder(nn.Module):
    def __init__(self, bands=4, dim=16):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(bands, dim, 3, padding=1), nn.GELU(approximate="tanh"),
            nn.AvgPool2d(2),
            nn.Conv2d(dim, dim, 3, padding=1), nn.Hardswish(),
            nn.AdaptiveAvgPool2d(1))

    def forward(self, x):
        return self.stem(x).flatten(1)


class LandCoverNet(nn.Module):
    def __init__(self, n_classes=6, dim=16):
        super().__init__()
        self.encoder = TileEncoder(dim=dim)
        self.head = nn.Sequential(nn.Linear(dim, 32), nn.ELU(), nn.Linear(32, n_classes))

    def embed(self, x):
        return self.encoder(x)

    def forward(self, x):
        return self.head(self.embed(x))
