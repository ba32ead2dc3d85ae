"""Negative: fn.one_hot with num_classes taken from a dataclass config."""
from dataclasses import dataclass

import torch
import torch.nn.functional as fn
from torch import nn


@dataclass
class HeadConfig:
    num_classes: int = 6
    smoothing: float = 0.05


class Case(nn.Module):
    def __init__(self, cfg: HeadConfig = HeadConfig()) -> None:
        super().__init__()
        self.cfg = cfg

    def forward(self, cluster_ids):
        t = fn.one_hot(cluster_ids, self.cfg.num_classes).float()
        return t * (1 - self.cfg.smoothing) + self.cfg.smoothing / self.cfg.num_classes


def inputs():
    return (torch.randint(0, 6, (25,)),)
