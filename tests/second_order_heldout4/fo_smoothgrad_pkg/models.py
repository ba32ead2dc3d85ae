"""Small CNN classifier for the SmoothGrad explanation demo."""
import torch.nn as nn


class SmallCNN(nn.Module):
    def __init__(self, n_cls=10, ch=32):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, ch, 3, padding=1), nn.ELU(), nn.MaxPool2d(2),
            nn.Conv2d(ch, 2 * ch, 3, padding=1), nn.ELU(), nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Sequential(nn.Flatten(), nn.Linear(2 * ch, n_cls), nn.LogSoftmax(dim=1))

    def forward(self, x):
        return self.classifier(self.features(x))
