import torch
import torch.nn as nn

import hparams


class SonarNet(nn.Module):
    def __init__(self, channels=6):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Conv1d(1, channels, 5, padding=2),
            nn.Tanhshrink(),
            nn.AvgPool1d(2),
            nn.Flatten(),
        )
        feat = channels * hparams.PING_LEN // 2
        self.heads = nn.ModuleDict({
            "depth": nn.Linear(feat, 1),
            "obstacle": nn.Sequential(nn.Linear(feat, 8), nn.Tanh(), nn.Linear(8, 1), nn.Sigmoid()),
            "seabed": nn.Sequential(nn.Linear(feat, 8), nn.Hardshrink(0.1), nn.Linear(8, 3)),
        })
        self.keys = list(hparams.HEAD_KEYS)

    def forward(self, pings, mode="train"):
        feats = self.trunk(pings)
        if mode == "features":
            return feats
        return {k: self.heads[k](feats).squeeze(-1) for k in self.keys}
