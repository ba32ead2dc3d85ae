"""DARTS (Liu et al. 2019) architecture search with the "second-order" unrolled architecture gradient as in
the reference Architect class: w' = w - xi * dL_train/dw is built in a detached copy, and the Hessian-vector
term is approximated by finite differences of two plain gradients. No gradient keeps its graph."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

PRIMITIVES = ["none", "max_pool_3x3", "avg_pool_3x3", "skip_connect", "conv_3x3"]


class Zero(nn.Module):
    def forward(self, x):
        return x.mul(0.0)


OPS = {
    "none": lambda C: Zero(),
    "max_pool_3x3": lambda C: nn.MaxPool2d(3, stride=1, padding=1),
    "avg_pool_3x3": lambda C: nn.AvgPool2d(3, stride=1, padding=1, count_include_pad=False),
    "skip_connect": lambda C: nn.Identity(),
    "conv_3x3": lambda C: nn.Sequential(nn.ReLU(), nn.Conv2d(C, C, 3, padding=1, bias=False), nn.BatchNorm2d(C, affine=False)),
}


class MixedOp(nn.Module):
    def __init__(self, C):
        super().__init__()
        self._ops = nn.ModuleList([OPS[p](C) for p in PRIMITIVES])

    def forward(self, x, weights):
        return sum(w * op(x) for w, op in zip(weights, self._ops))


class TinySearchNet(nn.Module):
    def __init__(self, C=16, n_nodes=3, num_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, C, 3, padding=1, bias=False), nn.BatchNorm2d(C))
        self.edges = nn.ModuleList([MixedOp(C) for _ in range(n_nodes)])
        self.classifier = nn.Linear(C, num_classes)
        self.alphas = nn.Parameter(1e-3 * torch.randn(n_nodes, len(PRIMITIVES)))

    def weights(self):
        return [p for n, p in self.named_parameters() if n != "alphas"]

    def forward(self, x):
        h = self.stem(x)
        for edge, a in zip(self.edges, F.softmax(self.alphas, dim=-1)):
            h = edge(h, a)
        return self.classifier(F.adaptive_avg_pool2d(h, 1).flatten(1))


class Architect:
    def __init__(self, model, arch_lr=3e-4, momentum=0.9, wd=3e-4):
        self.model = model
        self.momentum, self.wd = momentum, wd
        self.optimizer = torch.optim.Adam([model.alphas], lr=arch_lr, betas=(0.5, 0.999), weight_decay=1e-3)

    def _loss(self, model, x, y):
        return F.cross_entropy(model(x), y)

    def _compute_unrolled_model(self, x, y, eta):
        loss = self._loss(self.model, x, y)
        dtheta = torch.autograd.grad(loss, self.model.weights())
        unrolled = copy.deepcopy(self.model)
        with torch.no_grad():
            for p, g in zip(unrolled.weights(), dtheta):
                p.sub_(eta * (g + self.wd * p))
        return unrolled

    def _hessian_vector_product(self, vector, x, y, r=1e-2):
        R = r / torch.cat([v.flatten() for v in vector]).norm()
        with torch.no_grad():
            for p, v in zip(self.model.weights(), vector):
                p.add_(R * v)
        grads_p = torch.autograd.grad(self._loss(self.model, x, y), [self.model.alphas])
        with torch.no_grad():
            for p, v in zip(self.model.weights(), vector):
                p.sub_(2 * R * v)
        grads_n = torch.autograd.grad(self._loss(self.model, x, y), [self.model.alphas])
        with torch.no_grad():
            for p, v in zip(self.model.weights(), vector):
                p.add_(R * v)
        return [(gp - gn).div_(2 * R) for gp, gn in zip(grads_p, grads_n)]

    def step(self, x_train, y_train, x_valid, y_valid, eta):
        self.optimizer.zero_grad()
        unrolled = self._compute_unrolled_model(x_train, y_train, eta)
        unrolled_loss = self._loss(unrolled, x_valid, y_valid)
        unrolled_loss.backward()
        dalpha = unrolled.alphas.grad
        vector = [p.grad.detach() if p.grad is not None else torch.zeros_like(p) for p in unrolled.weights()]
        implicit = self._hessian_vector_product(vector, x_train, y_train)
        self.model.alphas.grad = dalpha - eta * implicit[0]
        self.optimizer.step()


def search(train_queue, valid_queue, epochs=50, lr=0.025):
    model = TinySearchNet()
    w_opt = torch.optim.SGD(model.weights(), lr, momentum=0.9, weight_decay=3e-4)
    architect = Architect(model)
    for epoch in range(epochs):
        for (x, y), (xv, yv) in zip(train_queue, valid_queue):
            architect.step(x, y, xv, yv, eta=lr)
            w_opt.zero_grad()
            F.cross_entropy(model(x), y).backward()
            nn.utils.clip_grad_norm_(model.weights(), 5.0)
            w_opt.step()
    return F.softmax(model.alphas, dim=-1)
