"""Shared trunk over a vertical lidar height profile, one head per task."""
import torch.nn as nn


class TreeTrunkNet(nn.Module):
    def __init__(self, n_species, ch=8):
        super().__init__()
        self.shared = nn.Sequential(
            nn.Conv1d(1, ch, 5, padding=2), nn.GELU(approximate="tanh"),
            nn.Conv1d(ch, 2 * ch, 5, padding=2), nn.GELU(approximate="tanh"),
            nn.AdaptiveAvgPool1d(4), nn.Flatten())
        self.heads = nn.ModuleDict({
            "species": nn.Sequential(nn.Linear(8 * ch, 32), nn.PReLU(), nn.Linear(32, n_species)),
            "dbh": nn.Sequential(nn.Linear(8 * ch, 32), nn.PReLU(), nn.Linear(32, 1)),
        })

    def forward(self, profile):
        z = self.shared(profile)
        return {name: head(z) for name, head in self.heads.items()}
