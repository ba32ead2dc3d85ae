"""Training an energy-based model of 2-D data by minimising the kernel Stein discrepancy. The model score
s(x) = -dE/dx is computed per sample with torch.func.vmap(grad(...)) over a functional_call of the energy
network; the KSD U-statistic is then backpropagated into the energy's parameters."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

NONLINEARITIES = {
    "softplus": F.softplus,
    "elu": functools.partial(F.elu, alpha=0.7),
    "gelu_tanh": lambda t: F.gelu(t, approximate="tanh"),
    "tanh": torch.tanh,
}


class EnergyMLP(nn.Module):
    def __init__(self, dim=2, hidden=64, act="softplus"):
        super().__init__()
        self.l1, self.l2, self.l3 = nn.Linear(dim, hidden), nn.Linear(hidden, hidden), nn.Linear(hidden, 1)
        self.act = NONLINEARITIES[act]

    def forward(self, x):
        return self.l3(self.act(self.l2(self.act(self.l1(x))))).squeeze(-1)


def make_score_fn(model):
    def energy(params, x):
        return functional_call(model, params, (x.unsqueeze(0),)).squeeze(0)

    def score(params, x):
        return -grad(energy, argnums=1)(params, x)

    return vmap(score, in_dims=(None, 0))


def rbf_stein_kernel(x, s, h=1.0):
    d = x[:, None, :] - x[None, :, :]
    sq = (d ** 2).sum(-1)
    k = torch.exp(-sq / (2 * h ** 2))
    dim = x.size(1)
    t1 = (s @ s.t()) * k
    t2 = (s[:, None, :] * d).sum(-1) * k / h ** 2
    t3 = -(s[None, :, :] * d).sum(-1) * k / h ** 2
    t4 = (dim / h ** 2 - sq / h ** 4) * k
    return t1 + t2 + t3 + t4


def ksd_loss(model, x):
    params = dict(model.named_parameters())
    s = make_score_fn(model)(params, x)
    kp = rbf_stein_kernel(x, s)
    n = x.size(0)
    return (kp.sum() - kp.diagonal().sum()) / (n * (n - 1))


if __name__ == "__main__":
    model = EnergyMLP(act="gelu_tanh")
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(2):
        theta = torch.rand(32) * 6.28
        x = torch.stack([theta.cos(), theta.sin()], -1) * 2 + 0.1 * torch.randn(32, 2)
        loss = ksd_loss(model, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())
