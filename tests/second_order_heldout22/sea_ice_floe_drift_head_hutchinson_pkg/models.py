import torch.nn as nn


def build_encoder(in_ch=2, ch=8):
    """SAR patch encoder (HH/HV polarisations)."""
    return nn.Sequential(
        nn.Conv2d(in_ch, ch, 3, padding=1), nn.ReLU6(),
        nn.Conv2d(ch, ch, 3, stride=2, padding=1), nn.ReLU6(),
        nn.AdaptiveAvgPool2d(2), nn.Flatten())


class DriftSectorNet(nn.Module):
    """Predicts the drift-direction sector (8 compass sectors) of an ice floe."""

    def __init__(self, n_sectors=8, ch=8):
        super().__init__()
        self.encoder = build_encoder(ch=ch)
        self.head = nn.Sequential(nn.Linear(ch * 4, 16), nn.ELU(alpha=0.5), nn.Linear(16, n_sectors))

    def features(self, x):
        return self.encoder(x)

    def predict(self, x):
        return self.head(self.features(x))

    def forward(self, x):
        return self.predict(x)
