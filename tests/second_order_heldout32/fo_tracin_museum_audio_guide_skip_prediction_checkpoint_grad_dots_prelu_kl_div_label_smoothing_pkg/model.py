import torch
from torch import nn
import torch.nn.functional as F


class SkipPredictor(nn.Module):
    """Predicts which of 3 outcomes a visitor picks at an audio-guide stop (listen / skip / replay)."""

    def __init__(self, n_in=9, hidden=16, n_out=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.PReLU(hidden), nn.Linear(hidden, hidden), nn.ReLU6())
        self.out = nn.Linear(hidden, n_out)

    def forward(self, x):
        return F.log_softmax(self.out(self.body(x)), dim=-1)


def smoothed_kl(logp, y, eps=0.1):
    target = torch.full_like(logp, eps / logp.size(-1))
    target.scatter_(1, y[:, None], 1 - eps + eps / logp.size(-1))
    return F.kl_div(logp, target, reduction="batchmean")
