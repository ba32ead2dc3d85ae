"""Adversarial training with FGSM and input saliency maps; gradients are taken without create_graph."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 32, 3, padding=1), nn.ELU(), nn.AvgPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.ELU(), nn.AdaptiveAvgPool2d(4),
        )
        self.classifier = nn.Sequential(nn.Flatten(), nn.Linear(64 * 16, 10))

    def forward(self, x):
        return self.classifier(self.features(x))


def fgsm(model, x, y, eps=0.1):
    x = x.clone().requires_grad_(True)
    loss = F.cross_entropy(model(x), y)
    g = torch.autograd.grad(loss, x, create_graph=False)[0]
    return (x + eps * g.sign()).clamp(0, 1).detach()


def saliency(model, x, target):
    x = x.clone().requires_grad_(True)
    score = F.log_softmax(model(x), dim=1).gather(1, target.unsqueeze(1)).sum()
    (g,) = torch.autograd.grad(score, x, retain_graph=False, create_graph=False)
    return g.abs().amax(dim=1)


def train(model, loader, epochs=3):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for x, y in loader:
            x_adv = fgsm(model, x, y)
            loss = 0.5 * F.cross_entropy(model(x), y) + 0.5 * F.cross_entropy(model(x_adv), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
