# Brenier map between two sets of wine flavour profiles (acidity, tannin, sugar, ...): the transport map
# is the gradient of a learned potential, fitted with a Gaussian-kernel MMD to the target cellar.
import torch
import torch.nn as nn

DIM = 6


class Potential(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.l1 = nn.Linear(DIM, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.head = nn.Linear(hidden, 1)
        self.smooth = nn.Softplus()
        self.clip = nn.ReLU6()

    def forward(self, x):
        h = self.clip(self.l1(x))
        h = self.smooth(self.l2(h))
        return self.head(h) + 0.5 * (x * x).sum(dim=1, keepdim=True)


def transport(phi, x):
    x = x.requires_grad_(True)
    return torch.autograd.grad(phi(x).sum(), x, create_graph=True)[0]


def mmd(a, b, bw=1.0):
    k = lambda u, v: torch.exp(-torch.cdist(u, v) ** 2 / (2 * bw ** 2))
    return k(a, a).mean() + k(b, b).mean() - 2 * k(a, b).mean()


phi = Potential()
opt = torch.optim.Adam(phi.parameters(), lr=1e-3)
for step in range(3):
    src = torch.randn(32, DIM)
    tgt = torch.randn(32, DIM) * 0.7 + 1.0
    mapped = transport(phi, src)
    loss = mmd(mapped, tgt)
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
