"""Madry PGD adversarial training of a bird-song spectrogram classifier."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SongNet(nn.Module):
    def __init__(self, n_species=10):
        super().__init__()
        self.c1 = nn.Conv2d(1, 16, 3, padding=1)
        self.a1 = nn.PReLU()
        self.p1 = nn.AvgPool2d(2)
        self.fc = nn.Linear(16 * 8 * 8, n_species)

    def forward(self, x):
        return self.fc(self.p1(self.a1(self.c1(x))).flatten(1))


def pgd(model, x, y, eps=0.03, alpha=0.01, iters=3):
    delta = torch.zeros_like(x).uniform_(-eps, eps).requires_grad_(True)
    for _ in range(iters):
        loss = F.cross_entropy(model(x + delta), y)
        loss.backward()
        delta.data = (delta + alpha * delta.grad.detach().sign()).clamp(-eps, eps)
        delta.grad.zero_()
    return delta.detach()


model = SongNet()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for epoch in range(2):
    x, y = torch.randn(8, 1, 16, 16), torch.randint(0, 10, (8,))
    model.eval()
    delta = pgd(model, x, y)
    model.train()
    opt.zero_grad()
    F.cross_entropy(model(x + delta), y).backward()
    opt.step()
