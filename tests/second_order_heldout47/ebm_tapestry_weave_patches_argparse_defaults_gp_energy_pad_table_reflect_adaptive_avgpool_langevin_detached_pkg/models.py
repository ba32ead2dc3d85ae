"""Convolutional energy E(x) for single-channel weave patches."""
import torch.nn as nn

PADS = {
    "reflect": nn.ReflectionPad2d,
    "replicate": nn.ReplicationPad2d,
    "zero": nn.ZeroPad2d,
}


class WeaveEnergy(nn.Module):
    def __init__(self, width, pad_mode):
        super().__init__()
        self.stem = nn.Conv2d(1, width, kernel_size=3, padding=1)
        self.act1 = nn.SiLU()
        self.pad = PADS[pad_mode](1)
        self.conv = nn.Conv2d(width, width, kernel_size=3)
        self.act2 = nn.CELU()
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        h = self.act1(self.stem(x))
        h = self.act2(self.conv(self.pad(h)))
        return self.head(self.gap(h).flatten(1)).squeeze(1)
