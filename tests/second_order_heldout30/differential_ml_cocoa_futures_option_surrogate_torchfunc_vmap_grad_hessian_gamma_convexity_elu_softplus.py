"""Pricing surrogate for options on cocoa futures trained with differential labels.

Huge & Savine (2020) "Differential machine learning": the network is fitted to Monte-Carlo prices and
to pathwise deltas. Gamma (the second derivative in the underlying) is taken with torch.func.hessian
per sample and a convexity penalty keeps it non-negative. Everything is written with torch.func
(functional_call + vmap), no create_graph anywhere.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, hessian, vmap

N_PATHS, STEPS = 64, 4
W_DELTA, W_CONVEX = 1.0, 0.1


class PriceNet(nn.Module):
    """inputs: (log-moneyness, vol, time to expiry) -> price / strike"""

    def __init__(self, hidden=24):
        super().__init__()
        self.l1 = nn.Linear(3, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, 1)

    def forward(self, x):
        h = F.elu(self.l1(x))
        h = torch.sigmoid(self.l2(h)) * h
        return F.softplus(self.l3(h)).squeeze(-1)


def mc_labels(n, gen):
    """One simulated path per sample: payoff and pathwise delta of a call (strike = 1)."""
    m = torch.randn(n, generator=gen) * 0.2
    vol = 0.2 + 0.3 * torch.rand(n, generator=gen)
    tau = 0.1 + 0.9 * torch.rand(n, generator=gen)
    z = torch.randn(n, generator=gen)
    s_t = torch.exp(m - 0.5 * vol ** 2 * tau + vol * math.sqrt(1.0) * tau.sqrt() * z)
    payoff = torch.clamp(s_t - 1.0, min=0.0)
    delta_m = (s_t > 1.0).float() * s_t          # d payoff / d log-moneyness
    return torch.stack([m, vol, tau], dim=1), payoff, delta_m


def main():
    gen = torch.Generator().manual_seed(31)
    torch.manual_seed(31)
    net = PriceNet()
    opt = torch.optim.Adam(net.parameters(), lr=3e-3)

    def price(params, x):
        return functional_call(net, params, (x[None],))[0]

    delta_fn = vmap(grad(price, argnums=1), in_dims=(None, 0))
    hess_fn = vmap(hessian(price, argnums=1), in_dims=(None, 0))

    for step in range(STEPS):
        x, payoff, delta_m = mc_labels(N_PATHS, gen)
        params = dict(net.named_parameters())
        pred = vmap(price, in_dims=(None, 0))(params, x)
        deltas = delta_fn(params, x)
        gamma = hess_fn(params, x)[:, 0, 0]
        loss = (pred - payoff).pow(2).mean() + W_DELTA * (deltas[:, 0] - delta_m).pow(2).mean() \
            + W_CONVEX * F.relu(-gamma).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss={loss.item():.4f} mean gamma={gamma.mean().item():.3f}")


if __name__ == "__main__":
    main()
