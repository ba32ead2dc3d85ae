import torch.nn as nn


class BladeSignalNet(nn.Module):
    def __init__(self, channels, hidden):
        super().__init__()
        self.features = nn.Sequential(
            nn.ReflectionPad1d(2),
            nn.Conv1d(channels, hidden, 5),
            nn.GroupNorm(4, hidden),
            nn.Hardswish(),
            nn.ReflectionPad1d(2),
            nn.Conv1d(hidden, hidden, 5, stride=2),
            nn.GroupNorm(4, hidden),
            nn.Hardswish(),
            nn.AdaptiveAvgPool1d(1),
            nn.Flatten(),
        )
        self.score = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.score(self.features(x)).squeeze(-1)
