import torch.nn as nn


class ConvBlock(nn.Sequential):
    def __init__(self, cin, cout, stride=1):
        super().__init__(
            nn.Conv2d(cin, cout, 3, stride, 1, bias=False),
            nn.BatchNorm2d(cout),
            nn.Hardswish(),
        )


class PlanktonNet(nn.Module):
    def __init__(self, n_classes=10, width=16):
        super().__init__()
        self.blocks = nn.ModuleList([ConvBlock(1, width), ConvBlock(width, width * 2, 2)])
        self.pool = nn.AdaptiveAvgPool2d((1, 1))
        self.classifier = nn.Linear(width * 2, n_classes)

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return self.classifier(self.pool(x).flatten(1))


class Replicated(nn.Module):
    """Single-process stand-in for nn.DataParallel: the real model sits in .module."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)


MODELS = {"plankton_s": PlanktonNet}
