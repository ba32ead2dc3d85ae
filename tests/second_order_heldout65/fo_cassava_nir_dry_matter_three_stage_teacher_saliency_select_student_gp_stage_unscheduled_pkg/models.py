"""Teacher (1-D CNN over the full spectrum) and student (MLP over selected wavelengths)."""
import torch
from torch import nn


class SpectralTeacher(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, width, 7, padding=3), nn.SELU(), nn.AvgPool1d(2),
            nn.Conv1d(width, width, 5, padding=2), nn.SELU(), nn.AdaptiveAvgPool1d(4),
        )
        self.head = nn.Linear(4 * width, 1)

    def forward(self, spectra):
        return self.head(self.features(spectra.unsqueeze(1)).flatten(1)).squeeze(-1)


class WavelengthStudent(nn.Module):
    def __init__(self, n_inputs, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_inputs, hidden), nn.PReLU(), nn.Linear(hidden, hidden),
                                 nn.Hardswish(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)
