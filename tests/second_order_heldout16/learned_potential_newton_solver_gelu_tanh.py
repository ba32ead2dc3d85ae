# Learned interparticle potential for a granular packing; equilibrium found by Newton steps on the
# learned energy (Hessian from torch.autograd.functional.hessian), trained end-to-end through the solver.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hessian


class PairPotential(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.l1 = nn.Linear(1, width)
        self.l2 = nn.Linear(width, width)
        self.l3 = nn.Linear(width, 1)

    def forward(self, r):
        h = F.gelu(self.l1(r), approximate="tanh")
        h = torch.tanh(self.l2(h))
        return self.l3(h)


def total_energy(pot, pos):
    n = pos.shape[0]
    diff = pos.unsqueeze(0) - pos.unsqueeze(1)
    r = (diff.pow(2).sum(-1) + 1e-6).sqrt()
    mask = torch.triu(torch.ones(n, n), diagonal=1)
    pair = pot(r.reshape(-1, 1)).reshape(n, n)
    wall = 0.5 * (pos ** 2).sum()
    return (pair * mask).sum() + wall


def newton_relax(pot, pos0, steps=2, damping=1e-1):
    pos = pos0
    for _ in range(steps):
        flat = pos.reshape(-1)
        f = lambda q: total_energy(pot, q.reshape(pos.shape))
        g = torch.autograd.grad(f(flat), flat, create_graph=True)[0]
        H = hessian(f, flat, create_graph=True)
        H = H + damping * torch.eye(H.shape[0])
        flat = flat - torch.linalg.solve(H, g)
        pos = flat.reshape(pos.shape)
    return pos


pot = PairPotential()
opt = torch.optim.Adam(pot.parameters(), lr=1e-3)
for epoch in range(2):
    pos0 = torch.randn(4, 2, requires_grad=True)
    target = torch.randn(4, 2)
    relaxed = newton_relax(pot, pos0)
    loss = F.mse_loss(relaxed, target)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, loss.item())
