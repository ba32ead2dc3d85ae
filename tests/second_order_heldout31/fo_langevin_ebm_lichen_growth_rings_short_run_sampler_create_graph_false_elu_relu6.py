"""Short-run Langevin EBM for lichen growth-ring profiles (Nijkamp et al., 2019).

Negative samples come from K steps of Langevin dynamics on the energy; the gradients w.r.t. the
samples are taken with create_graph=False and the chain is detached, so the contrastive-divergence
loss is differentiated once.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

DIM = 20
CFG = {"steps": 10, "step_size": 0.01, "noise": 0.005, "alpha": 0.1}


class RingEnergy(nn.Module):
    def __init__(self, hidden=48):
        super().__init__()
        self.l1 = nn.Linear(DIM, hidden)
        self.act = nn.ReLU6()
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.l3(F.elu(self.l2(self.act(self.l1(x))))).squeeze(-1)


def langevin(energy, x):
    x = x.clone().detach()
    for _ in range(CFG["steps"]):
        x.requires_grad_(True)
        grad_x = torch.autograd.grad(energy(x).sum(), x, create_graph=False)[0]
        x = (x - CFG["step_size"] * grad_x + CFG["noise"] * torch.randn_like(x)).detach()
    return x


def rings(n):
    r = torch.linspace(0, 1, DIM)
    rate = torch.rand(n, 1) * 0.5 + 0.5
    return torch.cumsum(rate * (1 + 0.3 * torch.sin(12 * r)), dim=1) / DIM


def main():
    torch.manual_seed(0)
    energy = RingEnergy()
    opt = torch.optim.Adam(energy.parameters(), lr=1e-4)
    for it in range(3):
        pos = rings(16)
        neg = langevin(energy, torch.rand(16, DIM))
        e_pos, e_neg = energy(pos), energy(neg)
        loss = e_pos.mean() - e_neg.mean() + CFG["alpha"] * (e_pos ** 2 + e_neg ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, round(loss.item(), 5))


if __name__ == "__main__":
    main()
