"""Crop-suitability classifier on soil texture fractions (sand, silt, clay, organic matter),
trained with Drucker & LeCun double backpropagation (input-gradient penalty)."""
import torch
from torch import nn
import torch.nn.functional as F

EPS = 1e-4


class SuitabilityNet(nn.Module):
    def __init__(self, n_in=4, n_cls=5):
        super().__init__()
        self.fc1 = nn.Linear(n_in, 64)
        self.act = nn.GELU(approximate="tanh")
        self.fc2 = nn.Linear(64, 64)
        self.head = nn.Linear(64, n_cls)

    def forward(self, frac):
        z = torch.logit(frac.clamp(EPS, 1 - EPS))
        h = self.act(self.fc1(z))
        h = self.act(self.fc2(h))
        return self.head(h)


def train_step(model, opt, frac, y, lam=0.1):
    frac = frac.clone().requires_grad_(True)
    logits = model(frac)
    ce = F.cross_entropy(logits, y)
    (g,) = torch.autograd.grad(ce, frac, create_graph=True)
    loss = ce + lam * g.pow(2).sum(dim=1).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


model = SuitabilityNet()
opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
for epoch in range(3):
    frac = torch.distributions.Dirichlet(torch.ones(4)).sample((16,))
    y = torch.randint(0, 5, (16,))
    print(epoch, train_step(model, opt, frac, y))
