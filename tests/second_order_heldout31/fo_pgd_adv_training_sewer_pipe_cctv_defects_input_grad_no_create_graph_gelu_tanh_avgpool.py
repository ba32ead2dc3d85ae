"""Madry-style PGD adversarial training of a sewer-pipe CCTV defect classifier (crack / root / joint).

The attack takes gradients of the loss w.r.t. the perturbation with torch.autograd.grad (no graph kept,
the perturbation is detached at every step); the model is then trained on the adversarial batch
with an ordinary backward.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

EPS, ALPHA, STEPS = 8 / 255, 2 / 255, 3


class PipeNet(nn.Module):
    def __init__(self, n_classes=3):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 12, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(12, 24, 3, padding=1)
        self.fc = nn.Linear(24, n_classes)

    def forward(self, x):
        h = self.pool(F.gelu(self.conv1(x), approximate="tanh"))
        h = self.pool(F.gelu(self.conv2(h), approximate="tanh"))
        return self.fc(h.mean(dim=(2, 3)))


def pgd(model, x, y):
    delta = torch.empty_like(x).uniform_(-EPS, EPS)
    for _ in range(STEPS):
        delta.requires_grad_(True)
        loss = F.cross_entropy(model(x + delta), y)
        g, = torch.autograd.grad(loss, delta)
        delta = (delta + ALPHA * g.sign()).clamp(-EPS, EPS).detach()
    return (x + delta).clamp(0, 1)


def main():
    torch.manual_seed(0)
    model = PipeNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(3):
        x = torch.rand(8, 3, 16, 16)
        y = torch.randint(0, 3, (8,))
        model.eval()
        x_adv = pgd(model, x, y)
        model.train()
        loss = F.cross_entropy(model(x_adv), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, round(loss.item(), 4))


if __name__ == "__main__":
    main()
