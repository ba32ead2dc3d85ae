import torch.nn as nn


class TransitCNN(nn.Module):
    """Transit / no-transit classifier on folded Kepler light curves (1 x 64 samples)."""

    def __init__(self, n_classes=2):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(1, 8, 5, padding=2),
            nn.PReLU(8),
            nn.AvgPool1d(2),
            nn.Conv1d(8, 16, 5, padding=2),
            nn.Hardswish(),
            nn.AdaptiveAvgPool1d(1),
        )
        self.cls = nn.Linear(16, n_classes)

    def logits(self, flux):
        return self.cls(self.body(flux).flatten(1))

    def forward(self, flux):
        return self.logits(flux).log_softmax(-1)


REGISTRY = {"transit_cnn": TransitCNN}
