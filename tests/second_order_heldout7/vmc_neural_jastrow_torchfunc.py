"""Variational Monte Carlo for N bosons in a 1-D harmonic trap with a neural Jastrow factor.
The local energy E_L = -1/2 (lap log psi + |grad log psi|^2) + V needs the per-walker Hessian of log psi
w.r.t. the particle positions (torch.func.hessian under vmap); the parameters follow the usual VMC
gradient 2 E[(E_L - <E_L>) d log psi], with E_L treated as a constant."""
import functools
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, hessian, vmap

ACTIVATIONS = {"tanh": torch.tanh, "silu": F.silu, "gelu_tanh": partial(F.gelu, approximate="tanh")}


@dataclass
class AnsatzConfig:
    n_particles: int = 4
    width: int = 32
    act: str = "tanh"
    omega: float = 1.0


def exchange_symmetric(forward):
    """Bosonic wavefunction: average log-psi features over the sorted and reversed particle order."""

    @functools.wraps(forward)
    def wrapper(self, r):
        r_sorted = torch.sort(r, dim=-1).values
        return 0.5 * (forward(self, r_sorted) + forward(self, r_sorted.flip(-1)))

    return wrapper


class ScaledOutputMixin:
    def forward(self, x):
        return self.out_scale * super().forward(x)


class ScaledLinear(ScaledOutputMixin, nn.Linear):
    def __init__(self, i, o, out_scale=0.1):
        super().__init__(i, o)
        self.out_scale = out_scale


class JastrowAnsatz(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.fc1 = nn.Linear(cfg.n_particles, cfg.width)
        self.fc2 = nn.Linear(cfg.width, cfg.width)
        self.head = ScaledLinear(cfg.width, 1)
        self.act = ACTIVATIONS[cfg.act]
        self.alpha = nn.Parameter(torch.tensor(0.4))

    @exchange_symmetric
    def forward(self, r):
        h = self.act(self.fc1(r))
        h = self.act(self.fc2(h))
        return self.head(h).squeeze(-1) - self.alpha * (r ** 2).sum(-1)


def local_energy(model, params, r, omega):
    def logpsi(x):
        return functional_call(model, params, (x,))

    g = vmap(grad(logpsi))(r)
    lap = vmap(hessian(logpsi))(r).diagonal(dim1=-2, dim2=-1).sum(-1)
    return -0.5 * (lap + (g ** 2).sum(-1)) + 0.5 * omega ** 2 * (r ** 2).sum(-1)


def metropolis(model, r, steps=20, width=0.5):
    with torch.no_grad():
        lp = 2 * model(r)
        for _ in range(steps):
            prop = r + width * torch.randn_like(r)
            lp_new = 2 * model(prop)
            accept = torch.rand_like(lp).log() < lp_new - lp
            r = torch.where(accept[:, None], prop, r)
            lp = torch.where(accept, lp_new, lp)
    return r


def optimise(cfg, iters=500, walkers=512, lr=1e-3):
    model = JastrowAnsatz(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    r = torch.randn(walkers, cfg.n_particles)
    for it in range(iters):
        r = metropolis(model, r)
        params = {k: v.detach() for k, v in model.named_parameters()}
        e_loc = local_energy(model, params, r, cfg.omega)
        e_mean = e_loc.mean()
        loss = 2 * ((e_loc - e_mean).detach() * model(r)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model


if __name__ == "__main__":
    optimise(AnsatzConfig(act="gelu_tanh"), iters=1, walkers=8)
