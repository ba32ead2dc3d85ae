"""Madry PGD adversarial training for a traffic-sign classifier (43 classes, 32x32). The attack takes input
gradients of the loss but never differentiates them; the update is an ordinary first-order step."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SignNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.ReflectionPad2d(1), nn.Conv2d(3, 32, 3), nn.SELU(), nn.AvgPool2d(2),
            nn.ReflectionPad2d(1), nn.Conv2d(32, 64, 3), nn.SELU(), nn.AdaptiveAvgPool2d(1),
            nn.Flatten(), nn.Linear(64, 43))

    def forward(self, x):
        return self.net(x)


def pgd(model, x, y, eps=8 / 255, alpha=2 / 255, steps=3):
    delta = torch.empty_like(x).uniform_(-eps, eps).requires_grad_(True)
    for _ in range(steps):
        loss = F.cross_entropy(model(x + delta), y)
        grad, = torch.autograd.grad(loss, delta)
        delta = (delta + alpha * grad.sign()).clamp(-eps, eps).detach().requires_grad_(True)
    return (x + delta).clamp(0, 1).detach()


model = SignNet()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
for step in range(3):
    x, y = torch.rand(8, 3, 32, 32), torch.randint(0, 43, (8,))
    model.eval()
    x_adv = pgd(model, x, y)
    model.train()
    loss = F.cross_entropy(model(x_adv), y, label_smoothing=0.1)
    opt.zero_grad()
    loss.backward()
    opt.step()
    with torch.no_grad():
        clean = (model(x).argmax(1) == y).float().mean()
    print(step, loss.item(), clean.item())
