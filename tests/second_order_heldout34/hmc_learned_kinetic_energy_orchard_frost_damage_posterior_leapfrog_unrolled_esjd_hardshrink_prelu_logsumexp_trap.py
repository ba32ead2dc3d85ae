"""HMC with a learned kinetic energy K(p) for a frost-damage mixture posterior; the leapfrog chain is
unrolled and the expected squared jump distance is maximised w.r.t. the kinetic network."""
import torch
import torch.nn as nn

DIM = 2
MODES = torch.tensor([[-1.5, 0.0], [1.5, 0.5], [0.0, 2.0]])


def potential(q):
    """-log p(q) of a 3-component Gaussian mixture (orchard frost damage latent)."""
    sq = ((q.unsqueeze(1) - MODES) ** 2).sum(-1)
    return -torch.logsumexp(-0.5 * sq / 0.4, dim=1)


class KineticEnergy(nn.Module):
    def __init__(self, hidden=12):
        super().__init__()
        self.warp = nn.Sequential(
            nn.Linear(DIM, hidden), nn.Hardshrink(0.05), nn.Linear(hidden, hidden), nn.PReLU(), nn.Linear(hidden, DIM)
        )

    def forward(self, p):
        m = p + 0.3 * self.warp(p)
        return 0.5 * (m * m).sum(-1)


def grad_of(fn, x):
    return torch.autograd.grad(fn(x).sum(), x, create_graph=True)[0]


def leapfrog(q, p, kinetic, eps=0.15, n_steps=3):
    p = p - 0.5 * eps * grad_of(potential, q)
    for i in range(n_steps):
        q = q + eps * grad_of(kinetic, p)
        if i < n_steps - 1:
            p = p - eps * grad_of(potential, q)
    p = p - 0.5 * eps * grad_of(potential, q)
    return q, p


def train_kinetic(steps=3, chains=16):
    torch.manual_seed(0)
    kinetic = KineticEnergy()
    opt = torch.optim.Adam(kinetic.parameters(), lr=1e-2)
    q0 = torch.randn(chains, DIM)
    for step in range(steps):
        q = q0.clone().requires_grad_(True)
        p = torch.randn(chains, DIM).requires_grad_(True)
        q_new, p_new = leapfrog(q, p, kinetic)
        h0 = potential(q) + kinetic(p)
        h1 = potential(q_new) + kinetic(p_new)
        accept = torch.clamp(torch.exp(h0 - h1), max=1.0)
        esjd = (accept * (q_new - q).pow(2).sum(-1)).mean()
        opt.zero_grad()
        (-esjd).backward()
        opt.step()
        q0 = torch.where((torch.rand(chains) < accept).unsqueeze(-1), q_new, q).detach()
        print(step, esjd.item())


if __name__ == "__main__":
    train_kinetic()
