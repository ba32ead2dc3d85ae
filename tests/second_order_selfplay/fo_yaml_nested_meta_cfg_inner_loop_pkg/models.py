import torch.nn as nn


class KilnCurveNet(nn.Module):
    """Classifies pottery-kiln temperature curves (glaze defects) from 1-D traces."""

    def __init__(self, width=16, groups=4, n_cls=3):
        super().__init__()
        self.conv = nn.Conv1d(1, width, 5, padding=2)
        self.norm = nn.GroupNorm(groups, width)
        self.act = nn.Hardswish()
        self.head = nn.Linear(width, n_cls)

    def forward(self, x):
        h = self.act(self.norm(self.conv(x)))
        return self.head(h.mean(-1))
