"""Tunnel-boring-machine cutterhead telemetry (torque, thrust, rpm, penetration) -> ground regime."""
import torch.nn as nn

REGIMES = ("soft_clay", "mixed_face", "fractured_rock", "hard_rock")


class TelemetryEncoder(nn.Module):
    def __init__(self, n_ch=4, width=16):
        super().__init__()
        self.conv = nn.Conv1d(n_ch, 2 * width, 5, padding=2)
        self.gate = nn.GLU(dim=1)
        self.pool = nn.AdaptiveMaxPool1d(1)

    def forward(self, x):
        return self.pool(self.gate(self.conv(x))).squeeze(-1)


def make_head(width, n_classes):
    return nn.Sequential(
        nn.Linear(width, width),
        nn.ReLU6(),
        nn.Linear(width, n_classes),
    )


class RegimeClassifier(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.encoder = TelemetryEncoder(width=width)
        self.head = make_head(width, len(REGIMES))

    def forward(self, x):
        return self.head(self.encoder(x))
