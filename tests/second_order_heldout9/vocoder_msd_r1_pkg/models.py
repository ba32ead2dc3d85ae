"""Generator and discriminators of a small MelGAN/HiFi-GAN-style vocoder."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

PADS = {
    "reflect": nn.ReflectionPad1d,
    "none": nn.Identity,
}

DISCRIMINATORS = {}


def register(name):
    def deco(cls):
        DISCRIMINATORS[name] = cls
        return cls
    return deco


@dataclass
class DiscConfig:
    kind: str = "mpd"
    pad: str = "none"
    scales: int = 2
    width: int = 8


class ScaleBranch(nn.Module):
    def __init__(self, cfg: DiscConfig):
        super().__init__()
        w = cfg.width
        self.pad = PADS[cfg.pad](7)
        self.convs = nn.ModuleList([
            nn.Conv1d(1, w, 15),
            nn.Conv1d(w, 2 * w, 41, stride=4, padding=20, groups=1),
            nn.Conv1d(2 * w, 2 * w, 5, padding=2),
        ])
        self.post = nn.Conv1d(2 * w, 1, 3, padding=1)

    def forward(self, x):
        h = self.pad(x)
        for conv in self.convs:
            h = F.leaky_relu(conv(h), 0.2)
        return self.post(h)


@register("msd")
class MultiScaleDiscriminator(nn.Module):
    def __init__(self, cfg: DiscConfig):
        super().__init__()
        self.branches = nn.ModuleList([ScaleBranch(cfg) for _ in range(cfg.scales)])
        self.down = nn.AvgPool1d(4, stride=2, padding=2)

    def forward(self, wav):
        scores = []
        for i, branch in enumerate(self.branches):
            if i > 0:
                wav = self.down(wav)
            scores.append(branch(wav))
        return scores


@register("mpd")
class PeriodDiscriminator(nn.Module):
    def __init__(self, cfg: DiscConfig, period=3):
        super().__init__()
        self.period = period
        self.conv = nn.Conv2d(1, cfg.width, (5, 1), (3, 1), padding=(2, 0))
        self.post = nn.Conv2d(cfg.width, 1, (3, 1), padding=(1, 0))

    def forward(self, wav):
        b, c, t = wav.shape
        t2 = t - t % self.period
        x = wav[..., :t2].reshape(b, c, t2 // self.period, self.period)
        return [self.post(F.leaky_relu(self.conv(x), 0.1))]


class MelGenerator(nn.Module):
    def __init__(self, n_mels=16, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.ReflectionPad1d(3),
            nn.Conv1d(n_mels, ch, 7),
            nn.LeakyReLU(0.2),
            nn.ConvTranspose1d(ch, ch // 2, 16, stride=8, padding=4),
            nn.LeakyReLU(0.2),
            nn.ReflectionPad1d(3),
            nn.Conv1d(ch // 2, 1, 7),
            nn.Tanh(),
        )

    def forward(self, mel):
        return self.net(mel)
