"""Gradient-norm regularised training (a la SAM/GNP) with loss.backward(create_graph=True)."""
import torch
import torch.nn as nn


class InvertedResidual(nn.Module):
    def __init__(self, c, expand=4):
        super().__init__()
        hidden = c * expand
        self.pw1 = nn.Conv2d(c, hidden, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(hidden)
        self.dw = nn.Conv2d(hidden, hidden, 3, padding=1, groups=hidden, bias=False)
        self.bn2 = nn.BatchNorm2d(hidden)
        self.pw2 = nn.Conv2d(hidden, c, 1, bias=False)
        self.act = nn.Hardswish()

    def forward(self, x):
        h = self.act(self.bn1(self.pw1(x)))
        h = self.act(self.bn2(self.dw(h)))
        return x + self.pw2(h)


class TinyMobileRegressor(nn.Module):
    def __init__(self, c=16, n_out=4):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 3, stride=2, padding=1)
        self.blocks = nn.Sequential(InvertedResidual(c), InvertedResidual(c))
        self.gap = nn.AdaptiveAvgPool2d((1, 1))
        self.head = nn.Linear(c, n_out)

    def forward(self, x):
        x = self.blocks(torch.relu(self.stem(x)))
        return self.head(torch.flatten(self.gap(x), 1))


def train_epoch(model, loader, opt, rho=0.05):
    model.train()
    for images, targets in loader:
        opt.zero_grad()
        pred = model(images)
        loss = ((pred - targets) ** 2).mean()
        loss.backward(create_graph=True)
        grad_norm = torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters() if p.grad is not None))
        opt.zero_grad()
        (loss + rho * grad_norm).backward()
        opt.step()
