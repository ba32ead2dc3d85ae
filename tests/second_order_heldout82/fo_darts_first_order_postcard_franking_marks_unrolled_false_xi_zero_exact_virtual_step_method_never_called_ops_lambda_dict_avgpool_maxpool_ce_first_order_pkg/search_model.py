"""Search space and one-shot network (mixed ops weighted by softmax(alpha))."""
import torch
import torch.nn as nn
import torch.nn.functional as F

OPS = {
    "none": lambda C: Zero(),
    "avg_pool_3x3": lambda C: nn.AvgPool2d(3, stride=1, padding=1, count_include_pad=False),
    "max_pool_3x3": lambda C: nn.MaxPool2d(3, stride=1, padding=1),
    "skip_connect": lambda C: nn.Identity(),
    "conv_3x3": lambda C: nn.Sequential(nn.ReLU(), nn.Conv2d(C, C, 3, padding=1, bias=False),
                                        nn.BatchNorm2d(C, affine=False)),
    "conv_1x1": lambda C: nn.Sequential(nn.ReLU(), nn.Conv2d(C, C, 1, bias=False), nn.BatchNorm2d(C, affine=False)),
}
PRIMITIVES = list(OPS)


class Zero(nn.Module):
    def forward(self, x):
        return torch.zeros_like(x)


class MixedOp(nn.Module):
    def __init__(self, C):
        super().__init__()
        self.ops = nn.ModuleList(OPS[name](C) for name in PRIMITIVES)

    def forward(self, x, weights):
        return sum(w * op(x) for w, op in zip(weights, self.ops))


class Network(nn.Module):
    def __init__(self, C, num_classes, layers):
        super().__init__()
        self._C, self._num_classes, self._layers = C, num_classes, layers
        self.stem = nn.Sequential(nn.Conv2d(1, C, 3, padding=1, bias=False), nn.BatchNorm2d(C))
        self.mixed = nn.ModuleList(MixedOp(C) for _ in range(layers))
        self.classifier = nn.Linear(C, num_classes)
        self.alphas = nn.Parameter(1e-3 * torch.randn(layers, len(PRIMITIVES)))

    def new(self):
        model_new = Network(self._C, self._num_classes, self._layers)
        model_new.alphas.data.copy_(self.alphas.data)
        return model_new

    def arch_parameters(self):
        return [self.alphas]

    def weights(self):
        return [p for n, p in self.named_parameters() if n != "alphas"]

    def forward(self, x):
        h = self.stem(x)
        for op, w in zip(self.mixed, F.softmax(self.alphas, dim=-1)):
            h = h + op(h, w)
        return self.classifier(h.mean(dim=(2, 3)))

    def loss(self, x, y):
        return F.cross_entropy(self(x), y)
