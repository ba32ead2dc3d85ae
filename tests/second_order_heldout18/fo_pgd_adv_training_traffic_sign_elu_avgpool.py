import torch
import torch.nn as nn
import torch.nn.functional as F


class SignNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 16, 3, padding=1)
        self.act = nn.ELU()
        self.pool = nn.AvgPool2d(2)
        self.fc = nn.Linear(16 * 8 * 8, 43)

    def forward(self, x):
        return self.fc(self.pool(self.act(self.conv(x))).flatten(1))


def pgd_attack(model, X, y, epsilon=8 / 255, alpha=2 / 255, num_iter=5):
    delta = torch.zeros_like(X).uniform_(-epsilon, epsilon).requires_grad_(True)
    for t in range(num_iter):
        loss = F.cross_entropy(model(X + delta), y)
        loss.backward()
        delta.data = (delta + alpha * delta.grad.detach().sign()).clamp(-epsilon, epsilon)
        delta.grad.zero_()
    return delta.detach()


model = SignNet()
opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
for epoch in range(2):
    X, y = torch.rand(8, 3, 16, 16), torch.randint(0, 43, (8,))
    delta = pgd_attack(model, X, y)
    loss = F.cross_entropy(model(X + delta), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
