"""1-D conv classifier over the flicker spectrum; the head's input is exposed for K-FAC."""
import torch.nn as nn
import torch.nn.functional as F

ACTS = {"selu": nn.SELU, "hswish": nn.Hardswish, "tanh": nn.Tanh}


class FlickerNet(nn.Module):
    def __init__(self, width, n_classes, act):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(1, width, 5, padding=2), ACTS[act](),
            nn.Conv1d(width, width, 5, padding=2), ACTS[act](),
            nn.AdaptiveAvgPool1d(4), nn.Flatten(),
        )
        self.head = nn.Linear(4 * width, n_classes)

    def forward(self, x):
        return F.log_softmax(self.head(self.body(x)), dim=-1)
