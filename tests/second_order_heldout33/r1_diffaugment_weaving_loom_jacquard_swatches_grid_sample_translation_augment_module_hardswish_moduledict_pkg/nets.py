import torch
import torch.nn as nn


class SwatchDiscriminator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.blocks = nn.ModuleDict({
            "b0": nn.Conv2d(1, ch, 3, stride=2, padding=1),
            "b1": nn.Conv2d(ch, 2 * ch, 3, stride=2, padding=1),
        })
        self.act = nn.Hardswish()
        self.out = nn.Linear(2 * ch * 4 * 4, 1)

    def forward(self, x):
        for name in ("b0", "b1"):
            x = self.act(self.blocks[name](x))
        return self.out(x.flatten(1))


class SwatchGenerator(nn.Module):
    def __init__(self, z_dim=16, ch=16):
        super().__init__()
        self.fc = nn.Linear(z_dim, ch * 4 * 4)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(ch, ch, 3, padding=1),
            nn.Hardswish(),
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(ch, 1, 3, padding=1),
        )
        self.ch = ch

    def forward(self, z):
        return torch.tanh(self.up(self.fc(z).view(-1, self.ch, 4, 4)))
