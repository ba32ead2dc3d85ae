"""Conditional generator / discriminator for 1-D reflectance curves."""
import torch
import torch.nn as nn


class SwatchGenerator(nn.Module):
    def __init__(self, z_dim, n_dyes, n_wl, hidden):
        super().__init__()
        self.n_wl = n_wl
        self.dye = nn.Embedding(n_dyes, z_dim)
        self.fc = nn.Linear(z_dim, hidden * (n_wl // 4))
        self.up = nn.Upsample(scale_factor=4, mode="nearest")
        self.smooth = nn.Conv1d(hidden, 1, 7, padding=3)
        self.hidden = hidden

    def forward(self, z, dye):
        h = torch.tanh(self.fc(z + self.dye(dye))).view(z.shape[0], self.hidden, self.n_wl // 4)
        return torch.sigmoid(self.smooth(self.up(h)))


class SwatchDiscriminator(nn.Module):
    def __init__(self, n_dyes, n_wl, hidden):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, hidden, 5, padding=2), nn.Hardswish(), nn.AvgPool1d(2),
            nn.Conv1d(hidden, hidden, 5, padding=2), nn.Hardswish(), nn.AvgPool1d(2),
        )
        self.fc = nn.Linear(hidden * (n_wl // 4), 1)
        self.proj = nn.Embedding(n_dyes, hidden * (n_wl // 4))   # projection discriminator

    def forward(self, x, dye):
        h = self.features(x).flatten(1)
        return self.fc(h).squeeze(-1) + (self.proj(dye) * h).sum(-1)
