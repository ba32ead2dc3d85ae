import torch
import torch.nn as nn
from torch.nn.utils.parametrizations import weight_norm


class CriticBlock(nn.Module):
    def __init__(self, cin, cout, pad, groups):
        super().__init__()
        self.pad = nn.ReflectionPad1d(pad)
        self.conv = weight_norm(nn.Conv1d(cin, cout, 2 * pad + 1, stride=2))
        self.norm = nn.GroupNorm(groups, cout)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x):
        return self.act(self.norm(self.conv(self.pad(x))))


class Critic(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        ch = cfg.channels
        self.blocks = nn.Sequential(*[CriticBlock(a, b, cfg.pad, cfg.groups) for a, b in zip(ch[:-1], ch[1:])])
        self.out = weight_norm(nn.Linear(ch[-1], 1))

    def forward(self, x):
        return self.out(self.blocks(x).mean(-1)).squeeze(-1)


class Generator(nn.Module):
    def __init__(self, zdim, seq_len):
        super().__init__()
        self.seq_len = seq_len
        self.fc = nn.Linear(zdim, 16 * (seq_len // 4))
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="linear"),
            nn.Conv1d(16, 16, 5, padding=2),
            nn.Softshrink(0.1),
            nn.Upsample(scale_factor=2, mode="linear"),
            nn.Conv1d(16, 1, 5, padding=2),
        )

    def forward(self, z):
        return self.up(self.fc(z).view(z.shape[0], 16, self.seq_len // 4))
