"""TRADES adversarial training: the PGD-KL attack takes input gradients without create_graph (first order only)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class WideBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.act = nn.ELU()
        self.pool = nn.AvgPool2d(2)

    def forward(self, x):
        return self.pool(self.act(self.conv(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(WideBlock(3, 32), WideBlock(32, 64), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(64, 10)

    def forward(self, x):
        return self.fc(self.body(x).flatten(1))


def trades_loss(model, x_natural, y, step_size=0.007, epsilon=0.031, perturb_steps=10, beta=6.0):
    criterion_kl = nn.KLDivLoss(reduction="sum")
    model.eval()
    x_adv = x_natural.detach() + 0.001 * torch.randn_like(x_natural)
    for _ in range(perturb_steps):
        x_adv.requires_grad_()
        with torch.enable_grad():
            loss_kl = criterion_kl(F.log_softmax(model(x_adv), dim=1), F.softmax(model(x_natural), dim=1))
        grad = torch.autograd.grad(loss_kl, [x_adv])[0]
        x_adv = x_adv.detach() + step_size * torch.sign(grad.detach())
        x_adv = torch.min(torch.max(x_adv, x_natural - epsilon), x_natural + epsilon).clamp(0.0, 1.0)
    model.train()
    logits = model(x_natural)
    loss_natural = F.cross_entropy(logits, y)
    loss_robust = criterion_kl(F.log_softmax(model(x_adv.detach()), dim=1), F.softmax(logits, dim=1)) / x_natural.size(0)
    return loss_natural + beta * loss_robust


def train(loader, epochs=10):
    model = Net()
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=2e-4)
    for _ in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            trades_loss(model, x, y).backward()
            opt.step()
