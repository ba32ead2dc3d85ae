"""Generator: latent code -> 16x16 hide patch. Trained only through the non-saturating loss."""
import torch
from torch import nn


class UpBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm = nn.GroupNorm(4, cout)
        self.act = nn.PReLU(cout)

    def forward(self, x):
        return self.act(self.norm(self.conv(self.up(x))))


class HideGenerator(nn.Module):
    def __init__(self, z_dim, width, channels):
        super().__init__()
        self.width = width
        self.fc = nn.Linear(z_dim, width * 4 * 4)
        self.blocks = nn.Sequential(UpBlock(width, width), UpBlock(width, width // 2))
        self.to_rgb = nn.Conv2d(width // 2, channels, 1)

    def forward(self, z):
        h = self.fc(z).view(z.shape[0], self.width, 4, 4)
        return torch.tanh(self.to_rgb(self.blocks(h)))
