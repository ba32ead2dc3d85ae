"""Learned Stein discrepancy (LSD) to grade MCMC output for a saltmarsh tidal-pool posterior.

Critic f: R^d -> R^d maximises E_q[ s_p(x)^T f(x) + tr(df/dx) ] - lam E_q[|f|^2], with the trace
from a Hutchinson estimator (autograd.grad of v . f, create_graph=True).
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("saltmarsh_lsd")


class TidalPoolPosterior:
    """Unnormalised posterior over (log salinity, log residence time, temperature offset):
    a 3-component Gaussian mixture fitted offline."""

    def __init__(self):
        self.means = torch.tensor([[0.0, 0.5, -0.3], [1.2, -0.4, 0.2], [-0.8, -1.0, 0.9]])
        self.log_scales = torch.tensor([[-0.5, -0.3, -0.6], [-0.4, -0.6, -0.5], [-0.7, -0.4, -0.3]])
        self.mix_logits = torch.tensor([0.3, 0.0, -0.4])

    def log_prob(self, x):
        z = (x[:, None, :] - self.means) / self.log_scales.exp()
        comp = -0.5 * (z ** 2).sum(-1) - self.log_scales.sum(-1)
        return torch.logsumexp(F.log_softmax(self.mix_logits, -1) + comp, dim=-1)

    def score(self, x):
        with torch.enable_grad():
            x = x.detach().requires_grad_(True)
            return torch.autograd.grad(self.log_prob(x).sum(), x)[0]


class SteinCritic(nn.Module):
    def __init__(self, dim=3, hidden=64):
        super().__init__()
        self.l1 = nn.Linear(dim, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, dim)
        self.slope = nn.Parameter(torch.full((hidden,), 0.2))

    def forward(self, x):
        h = F.prelu(self.l1(x), self.slope)
        h = F.relu6(self.l2(h))
        return self.l3(h)


def hutchinson_trace(f_x, x, n_probes=1, create_graph=True):
    est = 0.0
    for _ in range(n_probes):
        v = torch.randn_like(x)
        vjp = torch.autograd.grad((f_x * v).sum(), x, create_graph=create_graph, retain_graph=True)[0]
        est = est + (vjp * v).sum(-1)
    return est / n_probes


def stein_objective(critic, x, score_p, l2=0.5):
    x = x.requires_grad_(True)
    f_x = critic(x)
    stein = (score_p * f_x).sum(-1) + hutchinson_trace(f_x, x)
    return stein.mean(), (f_x ** 2).sum(-1).mean(), l2


def mala_chain(target, n, steps, eps, gen):
    """The sampler being graded: an under-tuned unadjusted Langevin chain."""
    x = torch.randn(n, 3, generator=gen)
    for _ in range(steps):
        x = x + eps * target.score(x) + (2 * eps) ** 0.5 * torch.randn(x.shape, generator=gen)
    return x


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--critic-steps", type=int, default=20)
    p.add_argument("--n", type=int, default=256)
    p.add_argument("--eps", type=float, default=0.05)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(2)
    target = TidalPoolPosterior()
    samples = mala_chain(target, args.n, 40, args.eps, gen)
    score_p = target.score(samples)
    critic = SteinCritic()
    opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
    for it in range(args.critic_steps):
        stein, f_sq, lam = stein_objective(critic, samples.clone(), score_p)
        loss = -(stein - lam * f_sq)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 5 == 0:
            log.info("iter %d LSD %.4f |f|^2 %.4f", it, stein.item(), f_sq.item())
    assert critic.l1.weight.grad is not None and critic.l1.weight.grad.abs().sum() > 0


if __name__ == "__main__":
    main()
