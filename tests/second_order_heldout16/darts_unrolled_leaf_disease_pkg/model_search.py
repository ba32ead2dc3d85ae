import torch
import torch.nn as nn
import torch.nn.functional as F

from operations import OPS

PRIMITIVES = ["avg_pool_3x3", "conv_3x3", "hswish_conv_1x1", "skip_connect"]


class MixedOp(nn.Module):
    def __init__(self, C):
        super().__init__()
        self._ops = nn.ModuleList([OPS[name](C) for name in PRIMITIVES])

    def forward(self, x, weights):
        return sum(w * op(x) for w, op in zip(weights, self._ops))


class SearchNet(nn.Module):
    def __init__(self, C=8, n_cls=5, n_edges=2):
        super().__init__()
        self.stem = nn.Conv2d(3, C, 3, padding=1)
        self.edges = nn.ModuleList([MixedOp(C) for _ in range(n_edges)])
        self.fc = nn.Linear(C, n_cls)
        self.alphas = nn.Parameter(1e-3 * torch.randn(n_edges, len(PRIMITIVES)))

    def weights(self):
        return [p for n, p in self.named_parameters() if n != "alphas"]

    def forward(self, x):
        h = self.stem(x)
        for edge, a in zip(self.edges, F.softmax(self.alphas, dim=-1)):
            h = edge(h, a)
        return self.fc(h.mean(dim=(2, 3)))
