"""Critic / generator for 16x16 grey-level scans of rubber-stamp impressions (postmarks, seals)."""
import torch
import torch.nn as nn

ACTIVATIONS = {"hardswish": nn.Hardswish, "lrelu": lambda: nn.LeakyReLU(0.2)}


class StampCritic(nn.Module):
    def __init__(self, widths=(1, 16, 32), act="hardswish"):
        super().__init__()
        make_act = ACTIVATIONS[act]
        self.body = nn.Sequential(*[
            nn.Sequential(nn.Conv2d(a, b, 3, padding=1), make_act(), nn.AvgPool2d(2))
            for a, b in zip(widths[:-1], widths[1:])
        ])
        self.head = nn.LazyLinear(1)

    @property
    def feature_extractor(self):
        return self.body

    def forward(self, x):
        return self.head(self.feature_extractor(x).flatten(1)).squeeze(-1)


class StampGenerator(nn.Module):
    def __init__(self, z_dim=24, width=32):
        super().__init__()
        self.width = width
        self.fc = nn.Linear(z_dim, width * 4 * 4)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv2d(width, width // 2, 3, padding=1), nn.Hardswish(),
            nn.Upsample(scale_factor=2), nn.Conv2d(width // 2, 1, 3, padding=1),
        )

    def forward(self, z):
        return torch.tanh(self.up(self.fc(z).view(-1, self.width, 4, 4)))
