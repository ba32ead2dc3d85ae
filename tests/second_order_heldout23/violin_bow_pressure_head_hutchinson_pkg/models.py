import torch.nn as nn


def build_trunk(in_ch=1, width=32):
    return nn.Sequential(
        nn.Conv1d(in_ch, width, 7, stride=2, padding=3),
        nn.Hardswish(),
        nn.Conv1d(width, width, 5, stride=2, padding=2),
        nn.Hardswish(),
        nn.AdaptiveAvgPool1d(1),
        nn.Flatten(),
    )


class PressureHead(nn.Module):
    def __init__(self, width=32, n_levels=5):
        super().__init__()
        self.proj = nn.Linear(width, 2 * width)
        self.glu = nn.GLU()
        self.cls = nn.Linear(width, n_levels)

    def forward(self, h):
        return self.cls(self.glu(self.proj(h)))


class BowNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = build_trunk()
        self.head = PressureHead()

    def forward(self, audio):
        return self.head(self.trunk(audio))
