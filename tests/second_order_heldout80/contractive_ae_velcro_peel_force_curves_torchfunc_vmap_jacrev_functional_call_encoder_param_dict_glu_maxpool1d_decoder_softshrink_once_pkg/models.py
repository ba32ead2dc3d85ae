import torch
import torch.nn as nn


class PeelEncoder(nn.Module):
    def __init__(self, curve_len, width, latent):
        super().__init__()
        self.conv = nn.Conv1d(1, 2 * width, 5, padding=2)
        self.gate = nn.GLU(dim=-2)
        self.pool = nn.MaxPool1d(2)
        self.proj = nn.Linear(width * (curve_len // 2), latent)

    def forward(self, curve):
        h = self.gate(self.conv(curve.unsqueeze(-2)))
        h = self.pool(h)
        return torch.tanh(self.proj(h.flatten(-2)))


class PeelDecoder(nn.Module):
    def __init__(self, curve_len, latent, width):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(latent, width * 4),
            nn.Softshrink(0.1),
            nn.Linear(width * 4, curve_len),
        )

    def forward(self, z):
        return self.net(z)
