import torch
import torch.nn as nn
import torch.nn.functional as F


class Generator(nn.Module):
    def __init__(self, z_dim, ch, res):
        super().__init__()
        self.ch, self.s = ch, res // 4
        self.fc = nn.Linear(z_dim, ch * self.s * self.s)
        self.c1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.act = nn.ReLU6()
        self.c2 = nn.Conv2d(ch, 3, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(-1, self.ch, self.s, self.s)
        h = self.act(self.c1(F.interpolate(h, scale_factor=2, mode="bilinear", align_corners=False)))
        h = F.interpolate(h, scale_factor=2, mode="bilinear", align_corners=False)
        return torch.tanh(self.c2(h))


class Critic(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.c1 = nn.Conv2d(3, ch, 4, 2, 1)
        self.n1 = nn.GroupNorm(4, ch)
        self.act = nn.Hardswish()
        self.c2 = nn.Conv2d(ch, ch * 2, 4, 2, 1)
        self.fc = nn.Linear(ch * 2 * 16, 1)

    def forward(self, x):
        h = self.act(self.n1(self.c1(x)))
        h = F.leaky_relu(self.c2(h), 0.2)
        return self.fc(h.flatten(1))
