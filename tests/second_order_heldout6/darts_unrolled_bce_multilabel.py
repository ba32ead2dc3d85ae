"""DARTS architecture search (Liu et al. 2019) with the exact second-order architect: the virtual SGD step
w' = w - xi * dL_train/dw keeps its graph (create_graph=True) and the validation loss of w' is
backpropagated into the architecture weights through it. Multi-label images, so the loss is sigmoid + BCE."""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


def sep_conv(c):
    return nn.Sequential(nn.ReLU(), nn.Conv2d(c, c, 3, 1, 1, groups=c, bias=False), nn.Conv2d(c, c, 1, bias=False),
                         nn.BatchNorm2d(c, affine=False))


def dil_conv(c):
    return nn.Sequential(nn.ReLU(), nn.Conv2d(c, c, 3, 1, 2, dilation=2, bias=False), nn.BatchNorm2d(c, affine=False))


OPS = OrderedDict([
    ("max_pool_3x3", lambda c: nn.MaxPool2d(3, stride=1, padding=1)),
    ("avg_pool_3x3", lambda c: nn.AvgPool2d(3, stride=1, padding=1, count_include_pad=False)),
    ("skip_connect", lambda c: nn.Identity()),
    ("sep_conv_3x3", sep_conv),
    ("dil_conv_3x3", dil_conv),
])


class MixedOp(nn.Module):
    def __init__(self, c):
        super().__init__()
        self._ops = nn.ModuleList([make(c) for make in OPS.values()])

    def forward(self, x, w):
        return sum(wi * op(x) for wi, op in zip(w, self._ops))


class SearchNet(nn.Module):
    def __init__(self, c=16, n_nodes=4, n_labels=20):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, padding=1, bias=False), nn.BatchNorm2d(c))
        self.edges = nn.ModuleList([MixedOp(c) for _ in range(n_nodes)])
        self.head = nn.Linear(c, n_labels)
        self.alphas = nn.Parameter(1e-3 * torch.randn(n_nodes, len(OPS)))

    def forward(self, x):
        h = self.stem(x)
        weights = F.softmax(self.alphas, dim=-1)
        for edge, w in zip(self.edges, weights):
            h = h + edge(h, w)
        return self.head(h.mean(dim=(2, 3)))

    def weights(self):
        return [(n, p) for n, p in self.named_parameters() if n != "alphas"]

    def _loss(self, x, y, params=None):
        logits = self(x) if params is None else functional_call(self, params, (x,))
        return F.binary_cross_entropy(torch.sigmoid(logits), y)


class Architect:
    def __init__(self, model, eta, wd, arch_lr=3e-4):
        self.model, self.eta, self.wd = model, eta, wd
        self.opt = torch.optim.Adam([model.alphas], lr=arch_lr, betas=(0.5, 0.999), weight_decay=1e-3)

    def step(self, x_train, y_train, x_val, y_val):
        names, ws = zip(*self.model.weights())
        loss = self.model._loss(x_train, y_train)
        grads = torch.autograd.grad(loss, ws, create_graph=True)
        unrolled = {n: w - self.eta * (g + self.wd * w) for n, w, g in zip(names, ws, grads)}
        val_loss = self.model._loss(x_val, y_val, params=unrolled)
        self.opt.zero_grad()
        val_loss.backward()
        self.opt.step()
        return val_loss.item()


def search(train_q, val_q, epochs=50, lr=0.025, wd=3e-4):
    model = SearchNet()
    w_opt = torch.optim.SGD([p for _, p in model.weights()], lr, momentum=0.9, weight_decay=wd)
    architect = Architect(model, lr, wd)
    for epoch in range(epochs):
        for (xt, yt), (xv, yv) in zip(train_q, val_q):
            architect.step(xt, yt, xv, yv)
            w_opt.zero_grad()
            model._loss(xt, yt).backward()
            nn.utils.clip_grad_norm_([p for _, p in model.weights()], 5.0)
            w_opt.step()
    return F.softmax(model.alphas, dim=-1)


if __name__ == "__main__":
    batch = lambda: (torch.randn(2, 3, 8, 8), torch.randint(0, 2, (2, 20)).float())
    print(search([batch()], [batch()], epochs=1))
