"""Invertible residual network flow (i-ResNet, Behrmann et al. 2019) on 2-D toy densities.
log|det(I + J_g)| is estimated by a truncated power series with a Hutchinson probe; each term is a VJP taken
with create_graph=True so the maximum-likelihood loss trains through the estimator. Lipschitz constant < 1
by spectral normalisation with a power iteration on the weights."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SNLinear(nn.Module):
    def __init__(self, d_in, d_out, coeff=0.9, n_power=1):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(d_out, d_in) / math.sqrt(d_in))
        self.bias = nn.Parameter(torch.zeros(d_out))
        self.register_buffer("u", F.normalize(torch.randn(d_out), dim=0))
        self.coeff, self.n_power = coeff, n_power

    def forward(self, x):
        if self.training:
            with torch.no_grad():
                for _ in range(self.n_power):
                    v = F.normalize(self.weight.t() @ self.u, dim=0)
                    self.u.copy_(F.normalize(self.weight @ v, dim=0))
        sigma = self.u @ self.weight @ F.normalize(self.weight.t() @ self.u, dim=0).detach()
        w = self.weight / torch.clamp(sigma / self.coeff, min=1.0)
        return F.linear(x, w, self.bias)


class ResidualBlock(nn.Module):
    def __init__(self, dim=2, hidden=64):
        super().__init__()
        self.l1, self.l2, self.l3 = SNLinear(dim, hidden), SNLinear(hidden, hidden), SNLinear(hidden, dim)

    def g(self, x):
        return self.l3(F.elu(self.l2(F.elu(self.l1(x)))))

    def forward(self, x, n_terms=5):
        x = x.requires_grad_(True) if not x.requires_grad else x
        gx = self.g(x)
        v = torch.randn_like(x)
        w, logdet = v, torch.zeros(x.size(0))
        for k in range(1, n_terms + 1):
            w = torch.autograd.grad(gx, x, w, create_graph=True)[0]
            logdet = logdet + (-1) ** (k + 1) / k * (w * v).sum(dim=1)
        return x + gx, logdet


class IResNet(nn.Module):
    def __init__(self, n_blocks=4):
        super().__init__()
        self.blocks = nn.ModuleList(ResidualBlock() for _ in range(n_blocks))

    def log_prob(self, x):
        total = torch.zeros(x.size(0))
        for block in self.blocks:
            x, ld = block(x)
            total = total + ld
        base = -0.5 * (x ** 2).sum(1) - x.size(1) * 0.5 * math.log(2 * math.pi)
        return base + total


def two_moons(n):
    t = torch.rand(n) * math.pi
    upper = torch.stack([torch.cos(t), torch.sin(t)], 1)
    lower = torch.stack([1 - torch.cos(t), 0.5 - torch.sin(t)], 1)
    return torch.where(torch.rand(n, 1) < 0.5, upper, lower) + 0.05 * torch.randn(n, 2)


if __name__ == "__main__":
    flow = IResNet(n_blocks=2)
    opt = torch.optim.Adam(flow.parameters(), lr=1e-3)
    for _ in range(2):
        nll = -flow.log_prob(two_moons(64)).mean()
        opt.zero_grad()
        nll.backward()
        opt.step()
    print(nll.item())
