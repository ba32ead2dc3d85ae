import torch.nn as nn
import torch.nn.functional as F

import settings


class MlpCritic(nn.Module):
    def __init__(self, bins=settings.SPEC_BINS):
        super().__init__()
        self.fc1 = nn.Linear(bins, 32)
        self.norm = nn.GroupNorm(4, 32)
        self.act = nn.PReLU(32)
        self.fc2 = nn.Linear(32, 1)

    def forward(self, s):
        return self.fc2(self.act(self.norm(self.fc1(s))))


class ConvCritic(nn.Module):
    def __init__(self, bins=settings.SPEC_BINS):
        super().__init__()
        self.conv = nn.Conv1d(1, 6, 5, padding=2)
        self.pool = nn.AvgPool1d(3)
        self.fc = nn.Linear(6 * (bins // 3), 1)

    def forward(self, s):
        h = F.gelu(self.conv(s.unsqueeze(1)), approximate="tanh")
        return self.fc(self.pool(h).flatten(1))


CRITICS = {"mlp": MlpCritic, "conv": ConvCritic}


def build_ensemble(names=settings.ENSEMBLE):
    return nn.ModuleList([CRITICS[name]() for name in names])


class SongGenerator(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(settings.LATENT, 32), nn.ELU(), nn.Linear(32, settings.SPEC_BINS))

    def forward(self, z):
        return F.softplus(self.net(z))
