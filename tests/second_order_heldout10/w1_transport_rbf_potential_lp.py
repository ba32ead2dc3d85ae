"""Wasserstein-1 transport map between two point clouds with a Kantorovich potential.

The potential is an RBF-feature network (learned anchors) trained with the one-sided Lipschitz penalty
of WGAN-LP (Petzka et al., 2018) on random interpolates between source and target samples.
"""
import torch
import torch.nn as nn


class RBFPotential(nn.Module):
    def __init__(self, dim=2, n_anchor=64, width=64):
        super().__init__()
        self.anchors = nn.Parameter(torch.randn(n_anchor, dim))
        self.log_bw = nn.Parameter(torch.zeros(()))
        self.head = nn.Sequential(nn.Linear(n_anchor, width), nn.SiLU(), nn.Linear(width, 1))

    def forward(self, x):
        d = torch.cdist(x, self.anchors)
        phi = torch.exp(-(d ** 2) * torch.exp(-self.log_bw))
        return self.head(phi).squeeze(-1)


def lipschitz_penalty(f, src, tgt):
    eps = torch.rand(src.size(0), 1)
    mid = (eps * src + (1 - eps) * tgt).requires_grad_(True)
    g, = torch.autograd.grad(f(mid).sum(), mid, create_graph=True, retain_graph=True)
    return torch.clamp(g.norm(2, dim=1) - 1.0, min=0.0).pow(2).mean()


def sample_source(n):
    return torch.randn(n, 2) * 0.3


def sample_target(n):
    t = torch.rand(n) * 6.283
    return torch.stack([torch.cos(t), torch.sin(t)], 1) * 2.0 + 0.05 * torch.randn(n, 2)


potential = RBFPotential()
optim = torch.optim.RMSprop(potential.parameters(), lr=5e-4)
for it in range(3):
    xs, xt = sample_source(128), sample_target(128)
    w1 = potential(xs).mean() - potential(xt).mean()
    loss = -w1 + 10.0 * lipschitz_penalty(potential, xs, xt)
    optim.zero_grad()
    loss.backward()
    optim.step()
    print(f"iter {it}: W1 estimate {w1.item():.4f}")
