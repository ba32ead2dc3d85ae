"""FGSM adversarial training with the GradAlign regulariser (Andriushchenko & Flammarion 2020) on a small
MobileNetV3 for CIFAR: 1 - cos(grad at x, grad at x + random delta), where only the second input gradient
keeps its graph (create_graph=True), as in the reference implementation."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SqueezeExcitation(nn.Module):
    def __init__(self, ch, squeeze_ch):
        super().__init__()
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Conv2d(ch, squeeze_ch, 1)
        self.fc2 = nn.Conv2d(squeeze_ch, ch, 1)
        self.relu = nn.ReLU()
        self.scale_activation = nn.Sigmoid()

    def forward(self, x):
        scale = self.scale_activation(self.fc2(self.relu(self.fc1(self.avgpool(x)))))
        return scale * x


class InvertedResidual(nn.Module):
    def __init__(self, cin, cexp, cout, stride, use_se, use_hs):
        super().__init__()
        act = nn.Hardswish if use_hs else nn.ReLU
        layers = []
        if cexp != cin:
            layers += [nn.Conv2d(cin, cexp, 1, bias=False), nn.BatchNorm2d(cexp), act()]
        layers += [nn.Conv2d(cexp, cexp, 3, stride, 1, groups=cexp, bias=False), nn.BatchNorm2d(cexp), act()]
        if use_se:
            layers.append(SqueezeExcitation(cexp, max(8, cexp // 4)))
        layers += [nn.Conv2d(cexp, cout, 1, bias=False), nn.BatchNorm2d(cout)]
        self.block = nn.Sequential(*layers)
        self.use_res = stride == 1 and cin == cout

    def forward(self, x):
        out = self.block(x)
        return x + out if self.use_res else out


# cin, cexp, cout, stride, use_se, use_hs
CIFAR_SMALL = [
    (16, 16, 16, 2, True, False),
    (16, 72, 24, 2, False, False),
    (24, 88, 24, 1, False, False),
    (24, 96, 40, 2, True, True),
    (40, 240, 40, 1, True, True),
]


class MobileNetV3Small(nn.Module):
    def __init__(self, num_classes=10, cfg=CIFAR_SMALL):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, 1, 1, bias=False), nn.BatchNorm2d(16), nn.Hardswish())
        self.blocks = nn.Sequential(*[InvertedResidual(*c) for c in cfg])
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(nn.Linear(cfg[-1][2], 256), nn.Hardswish(), nn.Dropout(0.2), nn.Linear(256, num_classes))

    def forward(self, x):
        return self.classifier(torch.flatten(self.pool(self.blocks(self.stem(x))), 1))


def get_input_grad(model, X, y, eps, delta_init="none", backprop=False):
    if delta_init == "none":
        delta = torch.zeros_like(X, requires_grad=True)
    else:
        delta = torch.zeros_like(X).uniform_(-eps, eps).requires_grad_(True)
    loss = F.cross_entropy(model(X + delta), y)
    grad = torch.autograd.grad(loss, delta, create_graph=True if backprop else False)[0]
    if not backprop:
        grad, delta = grad.detach(), delta.detach()
    return grad


def grad_align_loss(model, X, y, eps, lam=0.2):
    grad1 = get_input_grad(model, X, y, eps, delta_init="none", backprop=False)
    grad2 = get_input_grad(model, X, y, eps, delta_init="random_uniform", backprop=True)
    cos = F.cosine_similarity(grad1.flatten(1), grad2.flatten(1), dim=1)
    return lam * (1.0 - cos.mean())


def train_epoch(model, loader, opt, eps=8 / 255, alpha=10 / 255):
    model.train()
    for X, y in loader:
        delta = torch.zeros_like(X).uniform_(-eps, eps).requires_grad_(True)
        loss = F.cross_entropy(model(X + delta), y)
        grad = torch.autograd.grad(loss, delta)[0]
        delta = (delta + alpha * grad.sign()).clamp(-eps, eps).detach()
        loss = F.cross_entropy(model((X + delta).clamp(0, 1)), y) + grad_align_loss(model, X, y, eps)
        opt.zero_grad()
        loss.backward()
        opt.step()
