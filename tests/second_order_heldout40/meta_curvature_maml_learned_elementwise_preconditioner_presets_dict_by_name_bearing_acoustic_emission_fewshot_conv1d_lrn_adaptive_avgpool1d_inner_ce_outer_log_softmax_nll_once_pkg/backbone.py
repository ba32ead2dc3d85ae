import torch.nn as nn


class AEConvNet(nn.Module):
    """Acoustic-emission bursts (1 x 256 samples) -> fault-type logits."""

    def __init__(self, n_classes, width=16):
        super().__init__()
        self.conv1 = nn.Conv1d(1, width, 7, stride=2, padding=3)
        self.lrn = nn.LocalResponseNorm(size=3)
        self.conv2 = nn.Conv1d(width, width, 5, stride=2, padding=2)
        self.gap = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(width, n_classes)

    def forward(self, x):
        h = self.lrn(self.conv1(x).relu())
        h = self.conv2(h).relu()
        return self.fc(self.gap(h).flatten(1))
