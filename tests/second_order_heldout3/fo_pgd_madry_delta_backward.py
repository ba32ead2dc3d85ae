"""Madry PGD adversarial training: the perturbation's gradient comes from delta.grad after loss.backward() (first order only)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PreActBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.bn = nn.BatchNorm2d(cin)
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.pool = nn.MaxPool2d(2)

    def forward(self, x):
        return self.pool(self.conv(F.hardswish(self.bn(x))))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(PreActBlock(3, 32), PreActBlock(32, 64))
        self.fc = nn.Linear(64 * 8 * 8, 10)

    def forward(self, x):
        return F.log_softmax(self.fc(self.blocks(x).flatten(1)), dim=1)


def pgd(model, x, y, eps=8 / 255, alpha=2 / 255, steps=7):
    delta = torch.empty_like(x).uniform_(-eps, eps).requires_grad_(True)
    for _ in range(steps):
        loss = F.nll_loss(model(x + delta), y)
        loss.backward()
        with torch.no_grad():
            delta += alpha * delta.grad.sign()
            delta.clamp_(-eps, eps)
        delta.grad.zero_()
    return (x + delta).clamp(0, 1).detach()


def train(loader, epochs=10):
    model = Net()
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=5e-4)
    for _ in range(epochs):
        for x, y in loader:
            model.eval()
            x_adv = pgd(model, x, y)
            model.train()
            opt.zero_grad()
            F.nll_loss(model(x_adv), y).backward()
            opt.step()
