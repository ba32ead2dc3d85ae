"""Coarse-grained polymer bead potential trained by force matching.
Forces come from torch.func.grad of the energy per configuration, vmapped over the batch;
the activation is picked from a registry of functools.partial entries."""
import functools
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

ACTIVATIONS = {
    "softplus": functools.partial(F.softplus, beta=2.0),
    "gelu_tanh": functools.partial(F.gelu, approximate="tanh"),
    "tanh": torch.tanh,
}


class PairPotential(nn.Module):
    def __init__(self, act="gelu_tanh", hidden=32):
        super().__init__()
        self.l1 = nn.Linear(1, hidden)
        self.l2 = nn.Linear(hidden, 1)
        self.act = ACTIVATIONS[act]

    def forward(self, pos):
        diff = pos.unsqueeze(0) - pos.unsqueeze(1)
        mask = torch.ones(pos.shape[0], pos.shape[0]).triu(1).unsqueeze(-1)
        r = (diff.pow(2).sum(-1) + 1e-6).sqrt().unsqueeze(-1)
        return (self.l2(self.act(self.l1(r))) * mask).sum()


pot = PairPotential(act="gelu_tanh")
params = dict(pot.named_parameters())


def energy(p, pos):
    return functional_call(pot, p, (pos,))


force_fn = vmap(grad(energy, argnums=1), in_dims=(None, 0))
opt = torch.optim.Adam(params.values(), lr=1e-3)
for step in range(3):
    pos = torch.randn(4, 6, 3)
    f_ref = torch.randn(4, 6, 3)
    forces = -force_fn(params, pos)
    loss = (forces - f_ref).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item())
