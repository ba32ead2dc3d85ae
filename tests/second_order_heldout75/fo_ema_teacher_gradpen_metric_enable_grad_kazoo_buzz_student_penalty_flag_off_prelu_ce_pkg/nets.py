import torch.nn as nn


class BuzzClassifier(nn.Module):
    """Kazoo membrane buzz quality: clean / rattling / choked, from log-mel frames."""

    def __init__(self, n_mels, width, n_cls):
        super().__init__()
        self.conv = nn.Conv1d(n_mels, width, 3, padding=1)
        self.act = nn.PReLU(width)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(width, n_cls)

    def forward(self, x):
        return self.fc(self.pool(self.act(self.conv(x))).flatten(1))
