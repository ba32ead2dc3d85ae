"""Temporal conv encoder for 32-step AIS windows around a barge lock, cosine-prototype head."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from .autograd_ops import soft_clip

MANOEUVRES = ("approach_and_enter", "exit_chamber", "waiting_at_berth", "passing_by")


class TrackEncoder(nn.Module):
    def __init__(self, in_ch=6, width=32, n_classes=len(MANOEUVRES), scale=10.0, clip=3.0):
        super().__init__()
        self.clip = clip
        self.pad = nn.ConstantPad1d((2, 0), 0.0)  # causal: a window never sees the future
        self.conv1 = nn.Conv1d(in_ch, width, kernel_size=3)
        self.conv2 = nn.Conv1d(width, width, kernel_size=3, padding=1)
        self.act = nn.ReLU6()
        self.prototypes = nn.Parameter(torch.randn(n_classes, width))
        self.scale = scale

    def embed(self, x):
        h = self.act(self.conv1(self.pad(soft_clip(x, self.clip))))
        h = self.act(self.conv2(h))
        return h.mean(dim=-1)

    def forward(self, x):
        z = self.embed(x)
        return self.scale * F.normalize(z, dim=-1) @ F.normalize(self.prototypes, dim=-1).t()
