"""Madry-style PGD adversarial training of a livestock-distress call detector on log-mel frames."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CallDetector(nn.Module):
    def __init__(self, n_mels=20):
        super().__init__()
        self.conv = nn.Conv1d(n_mels, 32, 3)
        self.act = nn.PReLU(32)
        self.fc = nn.Linear(32, 2)

    def forward(self, mel):
        h = self.act(self.conv(F.pad(mel, (1, 1), mode="replicate")))
        return self.fc(h.mean(-1))


def pgd_attack(model, x, y, eps=0.1, alpha=0.02, steps=5):
    delta = torch.zeros_like(x).uniform_(-eps, eps).requires_grad_(True)
    for _ in range(steps):
        loss = F.cross_entropy(model(x + delta), y)
        grad, = torch.autograd.grad(loss, [delta])
        delta = (delta + alpha * grad.sign()).clamp(-eps, eps).detach().requires_grad_(True)
    return (x + delta).detach()


model = CallDetector()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(3):
    x, y = torch.randn(8, 20, 32), torch.randint(0, 2, (8,))
    model.eval()
    x_adv = pgd_attack(model, x, y)
    model.train()
    loss = F.cross_entropy(model(x_adv), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
