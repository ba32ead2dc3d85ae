import torch.nn as nn


class WakeNet(nn.Module):
    def __init__(self, n_classes=2, width=8):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1), nn.PReLU(width), nn.AvgPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1), nn.PReLU(2 * width), nn.AvgPool2d(2),
        )
        self.classifier = nn.Linear(2 * width * 4 * 4, n_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))
