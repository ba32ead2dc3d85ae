"""Drift and diffusion networks of the fermentation SDE dX = f(X) dt + g(X) dW."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class RegimeDrift(nn.Module):
    """Mixture of linear regime dynamics gated by a regime classifier, plus a nonlinear correction."""

    def __init__(self, cfg):
        super().__init__()
        d, h = cfg.state_dim, cfg.hidden
        self.regime_logits = nn.Linear(d, cfg.regimes)
        self.A = nn.Parameter(0.1 * torch.randn(cfg.regimes, d, d))
        self.correction = nn.Sequential(nn.Linear(d, h), nn.SELU(), nn.GroupNorm(cfg.groups, h), nn.Linear(h, d))

    def regime_probs(self, x):
        return F.log_softmax(self.regime_logits(x), dim=-1).exp()

    def forward(self, x):
        lin = torch.einsum("kij,bj->bki", self.A, x)
        return (self.regime_probs(x).unsqueeze(-1) * lin).sum(1) + self.correction(x)


class Diffusion(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.lin = nn.Linear(cfg.state_dim, cfg.state_dim)

    def forward(self, x):
        return F.softplus(self.lin(x)) + 1e-3


class FermentationSDE(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.drift, self.diffusion = RegimeDrift(cfg), Diffusion(cfg)

    @torch.no_grad()
    def simulate(self, x0, steps, dt):
        xs = [x0]
        for _ in range(steps):
            x = xs[-1]
            xs.append(x + self.drift(x) * dt + self.diffusion(x) * dt ** 0.5 * torch.randn_like(x))
        return torch.stack(xs, 1)
