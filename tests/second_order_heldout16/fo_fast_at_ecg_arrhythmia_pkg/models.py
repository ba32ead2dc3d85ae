import torch.nn as nn

NORMS = {"bn": nn.BatchNorm1d, "gn": lambda c: nn.GroupNorm(4, c)}


class ECGNet(nn.Module):
    def __init__(self, n_cls=5, norm="gn"):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv1d(1, 16, 7, padding=3), NORMS[norm](16), nn.PReLU(),
            nn.AvgPool1d(2),
            nn.Conv1d(16, 32, 5, padding=2), NORMS[norm](32), nn.GELU(approximate="tanh"),
            nn.AdaptiveAvgPool1d(1),
        )
        self.head = nn.Linear(32, n_cls)

    def embed(self, x):
        return self.encoder(x).flatten(1)

    def forward(self, x):
        return self.head(self.embed(x))
