import torch
import torch.nn as nn
import torch.nn.functional as F

from registry import BLOCKS


@BLOCKS.register("reflect_conv")
class ReflectConv(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv = nn.Conv1d(ch, ch, 5)

    def forward(self, x):
        return torch.tanh(self.conv(F.pad(x, (2, 2), mode="reflect")))


@BLOCKS.register("norm_conv")
class NormConv(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv = nn.Conv1d(ch, ch, 3, padding=1)
        self.norm = nn.GroupNorm(4, ch)

    def forward(self, x):
        return x + F.leaky_relu(self.norm(self.conv(x)), 0.2)


@BLOCKS.register("prelu_conv")
class PReLUConv(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv = nn.Conv1d(ch, ch, 3, padding=1)
        self.act = nn.PReLU(ch)

    def forward(self, x):
        return self.act(self.conv(x))


class LoadCritic(nn.Module):
    def __init__(self, cfg, length):
        super().__init__()
        self.stem = nn.Conv1d(1, cfg.channels, 3, padding=1)
        self.blocks = nn.Sequential(*[BLOCKS.build(name, cfg.channels) for name in cfg.blocks])
        self.head = nn.Linear(cfg.channels * length, 1)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).flatten(1))


class LoadGenerator(nn.Module):
    def __init__(self, cfg, length):
        super().__init__()
        self.fc = nn.Linear(cfg.latent, cfg.channels * length // 2)
        self.up = nn.Upsample(scale_factor=2, mode="linear", align_corners=False)
        self.to_curve = nn.Conv1d(cfg.channels, 1, 3, padding=1)
        self.channels, self.length = cfg.channels, length

    def forward(self, z):
        h = self.fc(z).view(-1, self.channels, self.length // 2)
        return F.softplus(self.to_curve(self.up(h)))
