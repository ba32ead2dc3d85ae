"""Small AlexNet-like CIFAR classifier with local response normalisation and global max pooling."""
import torch.nn as nn

MODELS = {}


def register(name):
    def deco(cls):
        MODELS[name] = cls
        return cls
    return deco


@register("alexnet_lrn")
class AlexLRN(nn.Module):
    def __init__(self, num_classes=10, width=64):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, width, 5, padding=2), nn.ReLU(inplace=True), nn.LocalResponseNorm(4),
            nn.Conv2d(width, width, 5, padding=2), nn.ReLU(inplace=True), nn.LocalResponseNorm(4),
            nn.AdaptiveMaxPool2d((2, 2)),
        )
        self.fc = nn.Linear(width * 4, num_classes)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))
