"""Learned strain-energy density of a lithiated graphite electrode film.

Homogenised RVE simulations give, per strain state eps (Voigt, 3 components in plane strain),
the stress sigma = dW/deps and the tangent stiffness C = d^2W/deps^2. The network W_theta(eps, soc)
is fitted to both (Sobolev-style), with torch.func: vmap over samples of jacrev / jacrev(jacrev).
"""
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, jacrev, vmap


@dataclass
class FitConfig:
    hidden: list = field(default_factory=lambda: [32, 32])
    w_stress: float = 1.0
    w_tangent: float = 0.1
    epochs: int = 3
    n_samples: int = 24


class EnergyDensity(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        layers, d_in = [], 4
        for h in hidden:
            layers += [nn.Linear(d_in, h), nn.ELU()]
            d_in = h
        self.mlp = nn.Sequential(*layers)
        self.head = nn.Linear(d_in, 1)

    def forward(self, eps, soc):
        z = torch.cat([eps, soc], dim=-1)
        # convex-ish in eps: softplus on the output keeps W >= 0
        return F.softplus(self.head(self.mlp(z))).squeeze(-1)


def rve_targets(n):
    eps = 0.02 * torch.randn(n, 3)
    soc = torch.rand(n, 1)
    lam, mu = 2.0 + soc, 1.0 + 0.5 * soc
    tr = eps[:, 0] + eps[:, 1]
    sigma = torch.stack([lam[:, 0] * tr + 2 * mu[:, 0] * eps[:, 0],
                         lam[:, 0] * tr + 2 * mu[:, 0] * eps[:, 1],
                         mu[:, 0] * eps[:, 2]], dim=1)
    C = torch.zeros(n, 3, 3)
    C[:, 0, 0] = C[:, 1, 1] = (lam + 2 * mu)[:, 0]
    C[:, 0, 1] = C[:, 1, 0] = lam[:, 0]
    C[:, 2, 2] = mu[:, 0]
    return eps, soc, sigma, C


def fit(cfg):
    torch.manual_seed(4)
    model = EnergyDensity(cfg.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)

    def energy(params, eps, soc):
        return functional_call(model, params, (eps.unsqueeze(0), soc.unsqueeze(0)))[0]

    stress_fn = vmap(jacrev(energy, argnums=1), in_dims=(None, 0, 0))
    tangent_fn = vmap(jacrev(jacrev(energy, argnums=1), argnums=1), in_dims=(None, 0, 0))

    for epoch in range(cfg.epochs):
        eps, soc, sigma, C = rve_targets(cfg.n_samples)
        params = dict(model.named_parameters())
        loss = cfg.w_stress * F.mse_loss(stress_fn(params, eps, soc), sigma)
        loss = loss + cfg.w_tangent * F.mse_loss(tangent_fn(params, eps, soc), C)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: sobolev loss {loss.item():.5f}")


if __name__ == "__main__":
    fit(FitConfig())
