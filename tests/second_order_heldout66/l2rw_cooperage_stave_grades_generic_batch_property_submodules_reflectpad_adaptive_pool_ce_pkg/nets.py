"""Stave grader: 1-D conv net over the scanned profile. Submodules are exposed through properties."""
from __future__ import annotations

import torch
import torch.nn as nn
import torch.nn.functional as F

from config import Config


class StaveGrader(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        c0, c1, c2 = cfg.channels
        self.stem_pad = dict(cfg.stem_pad)
        self.layers = nn.ModuleDict({
            "conv1": nn.Conv1d(c0, c1, 5),
            "act": nn.CELU(0.5),
            "pad": nn.ReflectionPad1d(1),
            "conv2": nn.Conv1d(c1, c2, 3),
            "pool": nn.AdaptiveAvgPool1d(1),
            "fc": nn.Linear(c2, cfg.n_grades),
        })

    @property
    def backbone(self) -> nn.Sequential:
        L = self.layers
        return nn.Sequential(L["conv1"], L["act"], L["pad"], L["conv2"], L["act"], L["pool"])

    @property
    def classifier(self) -> nn.Module:
        return self.layers["fc"]

    def forward(self, profile):
        x = F.pad(profile, self.stem_pad["padding"], mode=self.stem_pad["mode"])
        *_, feats = self.backbone(x).flatten(1).unsqueeze(0)
        return self.classifier(feats)
