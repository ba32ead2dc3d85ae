import torch
import torch.nn as nn

import settings


class HamiltonianMLP(nn.Module):
    """H(q, p) for a double pendulum; the vector field is J grad H."""

    def __init__(self, dim=settings.STATE_DIM, hidden=settings.HIDDEN):
        super().__init__()
        act_cls = getattr(nn, settings.ACT)
        self.trunk = nn.Sequential(nn.Linear(dim, hidden), act_cls(), nn.Linear(hidden, hidden), act_cls())
        self.gate_norm = nn.GroupNorm(settings.GATE_GROUPS, hidden)
        self.gate_act = nn.PReLU(hidden, init=0.1)
        self.energy = nn.Linear(hidden, 1, bias=False)

    def forward(self, x):
        h = self.trunk(x)
        h = h * torch.sigmoid(self.gate_act(self.gate_norm(h)))
        return self.energy(h).squeeze(-1)


def symplectic_matrix(dim=settings.STATE_DIM):
    n = dim // 2
    eye = torch.eye(n)
    zero = torch.zeros(n, n)
    return torch.cat([torch.cat([zero, eye], 1), torch.cat([-eye, zero], 1)], 0)
