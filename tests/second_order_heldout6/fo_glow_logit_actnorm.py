"""Glow-style flow on flattened images trained by exact maximum likelihood: logit pre-processing, ActNorm,
invertible 1x1 mixing (slogdet) and additive couplings. Only the NLL is backpropagated (first order)."""
import math

import torch
import torch.nn as nn


class ActNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.loc = nn.Parameter(torch.zeros(d))
        self.log_scale = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        return (x + self.loc) * torch.exp(self.log_scale), self.log_scale.sum().expand(x.size(0))


class InvLinear(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.W = nn.Parameter(torch.linalg.qr(torch.randn(d, d))[0])

    def forward(self, x):
        return x @ self.W.T, torch.slogdet(self.W)[1].expand(x.size(0))


class Additive(nn.Module):
    def __init__(self, d, hidden=256):
        super().__init__()
        self.h = d // 2
        self.net = nn.Sequential(nn.Linear(self.h, hidden), nn.Softplus(), nn.Linear(hidden, d - self.h))

    def forward(self, x):
        a, b = x[:, :self.h], x[:, self.h:]
        return torch.cat([a, b + self.net(a)], 1), torch.zeros(x.size(0))


def nll(layers, x, alpha=0.05):
    p = alpha + (1 - 2 * alpha) * x
    z = torch.logit(p)
    ldj = (math.log(1 - 2 * alpha) - torch.log(p) - torch.log1p(-p)).sum(1)
    for layer in layers:
        z, l = layer(z)
        ldj = ldj + l
    return -(-0.5 * (z ** 2 + math.log(2 * math.pi)).sum(1) + ldj).mean()


def fit(data, d, n_flows=4, epochs=10):
    layers = nn.ModuleList([m for _ in range(n_flows) for m in (ActNorm(d), InvLinear(d), Additive(d))])
    opt = torch.optim.Adamax(layers.parameters(), 1e-3)
    for epoch in range(epochs):
        for x in data:
            x = (x * 255 + torch.rand_like(x)) / 256
            loss = nll(layers, x)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return layers


if __name__ == "__main__":
    fit([torch.rand(4, 8).round()], 8, epochs=1)
