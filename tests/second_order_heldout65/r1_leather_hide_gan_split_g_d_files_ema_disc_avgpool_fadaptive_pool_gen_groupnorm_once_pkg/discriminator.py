"""Discriminators. The R1 penalty in train.py differentiates through whichever one is built."""
import torch
import torch.nn.functional as F
from torch import nn


class ResDownBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1, bias=False)
        self.act = nn.LeakyReLU(0.2)
        self.down = nn.AvgPool2d(2)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.down(self.act(self.conv2(h)))
        return (h + self.down(self.skip(x))) / 2 ** 0.5


class ResNetDiscriminator(nn.Module):
    def __init__(self, width, channels):
        super().__init__()
        self.stem = nn.Conv2d(channels, width, 1)
        self.blocks = nn.Sequential(ResDownBlock(width, width), ResDownBlock(width, 2 * width))
        self.head = nn.Linear(2 * width, 1)

    def forward(self, x):
        h = self.blocks(F.leaky_relu(self.stem(x), 0.2))
        h = F.adaptive_avg_pool2d(h, 1).flatten(1)
        return self.head(h).squeeze(1)


class PatchDiscriminator(nn.Module):
    """Older PatchGAN variant kept for comparison runs."""

    def __init__(self, width, channels):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(channels, width, 3, padding=1),
            nn.Hardswish(),
            nn.MaxPool2d(2),
            nn.Conv2d(width, 1, 3, padding=1),
        )

    def forward(self, x):
        return self.net(x).mean(dim=(1, 2, 3))


DISCRIMINATORS = {"resnet": ResNetDiscriminator, "patch": PatchDiscriminator}


def build_discriminator(name, width, channels):
    return DISCRIMINATORS[name](width, channels)
