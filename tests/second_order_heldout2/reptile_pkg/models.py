"""Few-shot classifier used by the packaged Reptile example."""
import torch.nn as nn


class FewShotNet(nn.Module):
    def __init__(self, n_way=5, hidden=32):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(1, hidden, 3, padding=1), nn.ELU(), nn.AvgPool2d(2),
            nn.Conv2d(hidden, hidden, 3, padding=1), nn.ELU(), nn.AvgPool2d(2),
            nn.Conv2d(hidden, hidden, 3, padding=1), nn.ELU(), nn.AdaptiveAvgPool2d(1),
        )
        self.head = nn.Linear(hidden, n_way)

    def forward(self, x):
        return self.head(self.encoder(x).flatten(1))
