import torch.nn as nn

BACKBONES = {}


def register(name):
    def deco(cls):
        BACKBONES[name] = cls
        return cls
    return deco


@register("tiny")
class ContainerDamageNet(nn.Module):
    """Classifies a container-door photo: intact / dent / hole / corrosion."""

    def __init__(self, n_cls=4):
        super().__init__()
        self.trunk = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.PReLU(),
                                   nn.AvgPool2d(2), nn.Conv2d(8, 8, 3, padding=1), nn.Hardswish(),
                                   nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.fc = nn.Linear(8, n_cls)

    def scores(self, x):
        return self.fc(self.trunk(x))

    def forward(self, x):
        return self.scores(x)
