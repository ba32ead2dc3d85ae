"""Spray-arm acoustic classifier: weight-normalised 1-D convs (torch.nn.utils.parametrizations)."""
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import weight_norm


class SprayArmNet(nn.Module):
    def __init__(self, n_classes, ch):
        super().__init__()
        self.conv1 = weight_norm(nn.Conv1d(1, ch, 9, stride=2, padding=4))
        self.act1 = nn.SELU()
        self.conv2 = weight_norm(nn.Conv1d(ch, 2 * ch, 5, stride=2, padding=2))
        self.act2 = nn.SELU()
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(2 * ch, n_classes)

    def forward(self, x):
        h = self.act2(self.conv2(self.act1(self.conv1(x))))
        return F.log_softmax(self.fc(self.pool(h).flatten(1)), dim=-1)
