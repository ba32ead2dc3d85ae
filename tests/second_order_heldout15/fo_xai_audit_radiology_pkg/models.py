import torch.nn as nn

BACKBONES = {}


def register(name):
    def deco(cls):
        BACKBONES[name] = cls
        return cls
    return deco


@register("small")
class SmallCXR(nn.Module):
    def __init__(self, n_classes=3):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.PReLU(), nn.AvgPool2d(2),
                                  nn.Conv2d(8, 8, 3, padding=1), nn.ReLU6(), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(8, n_classes)

    def forward(self, x):
        return self.fc(self.body(x).flatten(1))
