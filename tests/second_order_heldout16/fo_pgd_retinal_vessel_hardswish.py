"""Madry-style PGD adversarial training for retinal fundus patch classification (vessel / background)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class FundusNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.Hardswish(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.Hardswish(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.fc = nn.Linear(32, 2)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))


def pgd_attack(model, x, y, eps=8 / 255, alpha=2 / 255, steps=3):
    delta = torch.empty_like(x).uniform_(-eps, eps).requires_grad_(True)
    for _ in range(steps):
        loss = F.cross_entropy(model(x + delta), y)
        grad, = torch.autograd.grad(loss, delta)
        delta = (delta + alpha * grad.sign()).clamp(-eps, eps).detach().requires_grad_(True)
    return (x + delta).clamp(0, 1).detach()


model = FundusNet()
criterion = nn.CrossEntropyLoss()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
for it in range(3):
    x, y = torch.rand(8, 3, 16, 16), torch.randint(0, 2, (8,))
    model.eval()
    x_adv = pgd_attack(model, x, y)
    model.train()
    loss = criterion(model(x_adv), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
