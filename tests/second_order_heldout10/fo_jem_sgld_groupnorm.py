"""JEM (Grathwohl et al., 2020): a classifier reinterpreted as an energy model, E(x) = -logsumexp f(x).

Negative samples come from SGLD on a replay buffer. The SGLD gradients are plain first-order input
gradients (no create_graph); the energy model is trained on p(y|x) + the contrastive log p(x) term.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class WideBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.n1 = nn.GroupNorm(4, cin)
        self.c1 = nn.Conv2d(cin, cout, 3, stride, 1)
        self.n2 = nn.GroupNorm(4, cout)
        self.c2 = nn.Conv2d(cout, cout, 3, 1, 1)
        self.skip = nn.Conv2d(cin, cout, 1, stride) if (cin != cout or stride != 1) else nn.Identity()

    def forward(self, x):
        h = self.c1(F.leaky_relu(self.n1(x), 0.2))
        h = self.c2(F.leaky_relu(self.n2(h), 0.2))
        return h + self.skip(x)


class EnergyClassifier(nn.Module):
    def __init__(self, n_cls=10):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 16, 3, 1, 1), WideBlock(16, 32, 2), WideBlock(32, 64, 2))
        self.fc = nn.Linear(64, n_cls)

    def forward(self, x):
        return self.fc(self.body(x).mean((2, 3)))

    def energy(self, x):
        return -torch.logsumexp(self(x), dim=1)


def sgld(model, x, n_steps=5, step_size=1.0, noise=0.01):
    model.eval()
    x = x.clone().requires_grad_(True)
    for _ in range(n_steps):
        e = model.energy(x).sum()
        g = torch.autograd.grad(e, [x])[0]
        x = (x - step_size * g + noise * torch.randn_like(x)).detach().requires_grad_(True)
    model.train()
    return x.detach()


model = EnergyClassifier()
buffer = torch.rand(100, 3, 16, 16) * 2 - 1
opt = torch.optim.Adam(model.parameters(), lr=1e-4)
for it in range(2):
    x, y = torch.rand(8, 3, 16, 16) * 2 - 1, torch.randint(0, 10, (8,))
    idx = torch.randint(0, buffer.size(0), (8,))
    x_neg = sgld(model, buffer[idx])
    buffer[idx] = x_neg
    loss = F.cross_entropy(model(x), y) + model.energy(x).mean() - model.energy(x_neg).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
