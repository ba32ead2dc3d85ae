"""Exact (Hyvarinen) score matching for a 2-D energy model with torch.func:
J(theta) = E[ 0.5 * ||grad_x E||^2 - tr(hess_x E) ]   (score = -grad_x E)."""
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jacrev, vmap

NONLIN = {
    "softplus": partial(F.softplus, beta=4.0),
    "hswish": lambda t: F.hardswish(t),
    "relu6": F.relu6,
    "tanh": torch.tanh,
}


@dataclass
class EnergyConfig:
    hidden: int = 64
    depth: int = 3
    nonlin: str = "softplus"


class EnergyMLP(nn.Module):
    def __init__(self, cfg: EnergyConfig):
        super().__init__()
        dims = [2] + [cfg.hidden] * cfg.depth
        self.linears = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.out = nn.Linear(cfg.hidden, 1)
        self.sigma = NONLIN[cfg.nonlin]

    def forward(self, x):
        for lin in self.linears:
            x = self.sigma(lin(x))
        return self.out(x).squeeze(-1)


def make_objective(model):
    def energy(params, x):
        return functional_call(model, params, (x[None],))[0]

    score = grad(energy, argnums=1)
    hess = jacrev(score, argnums=1)

    def objective(params, xb):
        g = vmap(score, in_dims=(None, 0))(params, xb)
        H = vmap(hess, in_dims=(None, 0))(params, xb)
        return (0.5 * g.pow(2).sum(-1) - H.diagonal(dim1=-2, dim2=-1).sum(-1)).mean()

    return objective


def two_moons(n):
    t = torch.rand(n) * torch.pi
    upper = torch.rand(n) < 0.5
    x = torch.where(upper, torch.cos(t), 1 - torch.cos(t))
    y = torch.where(upper, torch.sin(t), 0.5 - torch.sin(t))
    return torch.stack([x, y], -1) + 0.05 * torch.randn(n, 2)


if __name__ == "__main__":
    cfg = EnergyConfig(hidden=32, depth=2, nonlin="hswish")
    model = EnergyMLP(cfg)
    objective = make_objective(model)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(3):
        params = dict(model.named_parameters())
        loss = objective(params, two_moons(64))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())
