import torch
import torch.nn as nn
import torch.nn.functional as F


class CosineHead(nn.Module):
    def __init__(self, dim, n_out, scale=10.0):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_out, dim) * 0.1)
        self.scale = scale

    def forward(self, h):
        return self.scale * F.normalize(h, dim=-1) @ F.normalize(self.weight, dim=-1).t()


class StitchNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv1d(cfg.n_mels, cfg.hidden, 3, padding=1),
            nn.Hardswish(),
            nn.Conv1d(cfg.hidden, cfg.hidden, 3, padding=1),
            nn.Hardswish(),
        )
        self.head = CosineHead(cfg.hidden, cfg.classes_per_task * cfg.tasks)

    def forward(self, x):
        return F.log_softmax(self.head(self.enc(x).mean(-1)), dim=-1)
