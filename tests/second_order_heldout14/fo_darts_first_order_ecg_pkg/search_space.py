"""DARTS search cell for 1-D ECG beats: each edge mixes candidate ops with softmax(alpha) weights."""
import torch
import torch.nn as nn
import torch.nn.functional as F

OPS = {
    "avg_pool_3": lambda c: nn.AvgPool1d(3, stride=1, padding=1, count_include_pad=False),
    "max_pool_3": lambda c: nn.MaxPool1d(3, stride=1, padding=1),
    "conv_5": lambda c: nn.Sequential(nn.Conv1d(c, c, 5, padding=2), nn.BatchNorm1d(c), nn.SELU()),
    "sep_conv_3": lambda c: nn.Sequential(nn.Conv1d(c, c, 3, padding=1), nn.GroupNorm(4, c), nn.ReLU6()),
    "skip": lambda c: nn.Identity(),
}


class MixedOp(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ops = nn.ModuleList(OPS[k](c) for k in OPS)

    def forward(self, x, w):
        return sum(wi * op(x) for wi, op in zip(w, self.ops))


class SearchNet(nn.Module):
    def __init__(self, c=16, n_edges=3, n_classes=5):
        super().__init__()
        self.stem = nn.Conv1d(1, c, 7, padding=3)
        self.edges = nn.ModuleList(MixedOp(c) for _ in range(n_edges))
        self.alpha = nn.Parameter(1e-3 * torch.randn(n_edges, len(OPS)))
        self.cls = nn.Linear(c, n_classes)

    def weights(self):
        return [p for n, p in self.named_parameters() if n != "alpha"]

    def forward(self, x):
        h = self.stem(x)
        for edge, a in zip(self.edges, F.softmax(self.alpha, dim=-1)):
            h = edge(h, a)
        return self.cls(F.adaptive_avg_pool1d(h, 1).flatten(1))
