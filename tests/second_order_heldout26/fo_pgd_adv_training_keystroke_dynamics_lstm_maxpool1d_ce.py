"""PGD adversarial training (Madry et al. 2018) of a keystroke-dynamics user authenticator.

Inputs: per-keystroke (hold time, flight time, pressure) sequences. The attack differentiates the
loss w.r.t. the input perturbation, but only to first order (no create_graph)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_USERS = 4


class KeystrokeNet(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.conv = nn.Conv1d(3, 8, 3, padding=1)
        self.pool = nn.MaxPool1d(2)
        self.lstm = nn.LSTM(8, hidden, batch_first=True)
        self.fc = nn.Linear(hidden, N_USERS)

    def forward(self, x):
        h = self.pool(F.relu(self.conv(x)))
        out, _ = self.lstm(h.transpose(1, 2))
        return self.fc(out[:, -1])


def pgd_attack(model, x, y, eps=0.05, alpha=0.02, steps=3):
    delta = torch.empty_like(x).uniform_(-eps, eps).requires_grad_(True)
    for _ in range(steps):
        loss = F.cross_entropy(model(x + delta), y)
        (grad,) = torch.autograd.grad(loss, delta)
        delta = (delta + alpha * grad.sign()).clamp(-eps, eps).detach().requires_grad_(True)
    return (x + delta).detach()


def batch(n=8, length=20):
    y = torch.randint(0, N_USERS, (n,))
    rhythm = 0.1 + 0.05 * y[:, None, None].float()
    return rhythm + 0.02 * torch.randn(n, 3, length), y


model = KeystrokeNet()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for step in range(3):
    x, y = batch()
    model.eval()
    x_adv = pgd_attack(model, x, y)
    model.train()
    loss = F.cross_entropy(model(x_adv), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item())
