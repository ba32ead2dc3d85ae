import torch.nn as nn


class SeedCoatNet(nn.Module):
    """Grain seed-coat micrographs (1x16x16) -> 4 varieties."""

    def __init__(self, ch=8):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1),
            nn.GroupNorm(2, ch),
            nn.LeakyReLU(0.1),
            nn.AdaptiveAvgPool2d(4),
        )
        self.classifier = nn.Sequential(nn.Flatten(), nn.Linear(ch * 16, 32), nn.Softsign(), nn.Linear(32, 4))

    def forward(self, x):
        return self.classifier(self.features(x))
