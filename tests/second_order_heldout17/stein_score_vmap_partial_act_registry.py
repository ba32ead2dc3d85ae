# Kernel-free Stein training of an energy model for molecular torsion features:
# per-sample scores s(x) = -dE/dx via torch.func.vmap(grad(...)), loss = E_x[ tr(ds/dx) + |s|^2 / 2 ]
# (exact score matching on 3-D inputs), optimised w.r.t. the energy parameters.
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jacrev, vmap

ACTS = {
    "hswish": functools.partial(F.hardswish),
    "tanh": torch.tanh,
    "softsign": F.softsign,
}


class Energy(nn.Module):
    def __init__(self, dim=3, hidden=32, act="hswish"):
        super().__init__()
        self.l1 = nn.Linear(dim, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)
        self.act = ACTS[act]

    def forward(self, x):
        h = self.act(self.l1(x))
        h = self.act(self.l2(h))
        return self.out(h).squeeze(-1)


model = Energy(act="hswish")
params = dict(model.named_parameters())


def energy_one(p, x):
    return functional_call(model, p, (x.unsqueeze(0),)).squeeze(0)


def score_one(p, x):
    return -grad(energy_one, argnums=1)(p, x)


def esm_loss(p, xs):
    s = vmap(score_one, in_dims=(None, 0))(p, xs)
    jac = vmap(jacrev(score_one, argnums=1), in_dims=(None, 0))(p, xs)
    tr = jac.diagonal(dim1=-2, dim2=-1).sum(-1)
    return (tr + 0.5 * (s ** 2).sum(-1)).mean()


opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(3):
    xs = torch.randn(16, 3)
    loss = esm_loss(params, xs)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item())
