"""RealNVP on dequantised [0, 1] data with the usual logit pre-processing (Dinh et al. 2017), fine-tuned with
denoising score matching: the model score is d log p(x) / dx, taken with create_graph=True, so every layer of
log_prob -- the logit transform included -- is differentiated twice."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

ALPHA = 0.05


class Coupling(nn.Module):
    def __init__(self, dim, mask, hidden=256):
        super().__init__()
        self.register_buffer("mask", mask)
        self.net = nn.Sequential(
            nn.Linear(dim, hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, 2 * dim),
        )
        self.scale = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        xm = x * self.mask
        s, t = self.net(xm).chunk(2, dim=-1)
        s = self.scale * torch.tanh(s) * (1 - self.mask)
        t = t * (1 - self.mask)
        y = xm + (1 - self.mask) * (x * torch.exp(s) + t)
        return y, s.sum(-1)


class RealNVP(nn.Module):
    def __init__(self, dim, n_layers=6):
        super().__init__()
        masks = [(torch.arange(dim) + i) % 2 for i in range(n_layers)]
        self.layers = nn.ModuleList(Coupling(dim, m.float()) for m in masks)

    def preprocess(self, x):
        p = ALPHA + (1 - 2 * ALPHA) * x
        y = torch.logit(p)
        ldj = (math.log(1 - 2 * ALPHA) - F.softplus(-y) - F.softplus(y)).sum(-1)
        return y, ldj

    def log_prob(self, x):
        z, ldj = self.preprocess(x)
        for layer in self.layers:
            z, l = layer(z)
            ldj = ldj + l
        log_pz = -0.5 * (z ** 2).sum(-1) - 0.5 * z.size(-1) * math.log(2 * math.pi)
        return log_pz + ldj


def dsm_loss(flow, x, sigma=0.01):
    noise = torch.randn_like(x) * sigma
    x_tilde = (x + noise).clamp(1e-3, 1 - 1e-3).requires_grad_(True)
    logp = flow.log_prob(x_tilde).sum()
    score = torch.autograd.grad(logp, x_tilde, create_graph=True)[0]
    target = -noise / sigma ** 2
    return 0.5 * ((score - target) ** 2).sum(-1).mean() * sigma ** 2


def main(data, epochs=10, lr=1e-4, mle_weight=1.0):
    flow = RealNVP(data.size(1))
    opt = torch.optim.Adam(flow.parameters(), lr=lr)
    for epoch in range(epochs):
        for x in data.split(64):
            x = (x * 255 + torch.rand_like(x)) / 256
            nll = -flow.log_prob(x).mean()
            loss = mle_weight * nll + dsm_loss(flow, x)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(flow.parameters(), 100.0)
            opt.step()
    return flow


if __name__ == "__main__":
    main(torch.rand(32, 16).round(), epochs=1)
