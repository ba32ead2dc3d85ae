"""Denoising score matching on cave drip-water chemistry (Mg/Ca, Sr/Ca, d18O, log drip rate),
with a probability-flow ODE likelihood for model selection.

Training is DSM (regress sigma * s(x~, sigma) onto -z: first order). The likelihood uses a
Hutchinson divergence estimate whose graph is only kept when the flow module is in train mode.
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("drip_dsm")


class DripScoreNet(nn.Module):
    def __init__(self, dim=4, hidden=64, n_sigmas=8):
        super().__init__()
        self.inp = nn.Linear(dim, hidden)
        self.sig_embed = nn.Embedding(n_sigmas, hidden)
        self.act1 = nn.SELU()
        self.mid = nn.Linear(hidden, hidden)
        self.shrink = nn.Softshrink(0.05)
        self.out = nn.Linear(hidden, dim)

    def forward(self, x, sigma_idx, sigmas):
        h = self.act1(self.inp(x) + self.sig_embed(sigma_idx))
        h = self.shrink(self.mid(h))
        return self.out(h) / sigmas[sigma_idx][:, None]


class ProbabilityFlow(nn.Module):
    """VE probability-flow ODE dx/dt = -0.5 d(sigma^2)/dt * score(x, t)."""

    def __init__(self, score_net, sigmas):
        super().__init__()
        self.score_net = score_net
        self.register_buffer("sigmas", sigmas)

    def drift(self, x, k):
        s_idx = torch.full((x.shape[0],), k, dtype=torch.long)
        d_sig2 = self.sigmas[k] ** 2 - (self.sigmas[k + 1] ** 2 if k + 1 < len(self.sigmas) else 0.0)
        return -0.5 * d_sig2 * self.score_net(x, s_idx, self.sigmas)

    def hutchinson_div(self, x, k, n_probes=2):
        with torch.enable_grad():
            x = x.requires_grad_(True)
            f = self.drift(x, k)
            est = 0.0
            for _ in range(n_probes):
                eps = torch.randint_like(x, 2) * 2 - 1
                vjp = torch.autograd.grad((f * eps).sum(), x, create_graph=self.training, retain_graph=True)[0]
                est = est + (vjp * eps).sum(-1)
        return f, est / n_probes

    def log_likelihood(self, x):
        delta = torch.zeros(x.shape[0])
        for k in reversed(range(len(self.sigmas))):
            f, div = self.hutchinson_div(x, k)
            x = (x - f).detach()
            delta = delta + div.detach()
        prior = -0.5 * (x / self.sigmas[0]) ** 2 - math.log(self.sigmas[0]) - 0.5 * math.log(2 * math.pi)
        return prior.sum(-1) - delta


def drip_samples(n, gen):
    rate = torch.randn(n, generator=gen)
    mgca = 0.8 * rate + 0.3 * torch.randn(n, generator=gen)
    srca = 0.5 * mgca + 0.3 * torch.randn(n, generator=gen)
    d18o = -0.4 * rate + 0.2 * torch.randn(n, generator=gen)
    return torch.stack([mgca, srca, d18o, rate], -1)


def dsm_loss(net, x, sigmas, gen):
    idx = torch.randint(len(sigmas), (x.shape[0],), generator=gen)
    z = torch.randn(x.shape, generator=gen)
    x_noisy = x + sigmas[idx][:, None] * z
    return ((sigmas[idx][:, None] * net(x_noisy, idx, sigmas) + z) ** 2).sum(-1).mean()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=60)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(13)
    data = drip_samples(1024, gen)
    sigmas = torch.exp(torch.linspace(math.log(3.0), math.log(0.05), 8))
    net = DripScoreNet()
    flow = ProbabilityFlow(net, sigmas)
    opt = torch.optim.Adam(net.parameters(), lr=2e-3)
    for step in range(args.steps):
        batch = data[torch.randint(0, 896, (128,), generator=gen)]
        loss = dsm_loss(net, batch, sigmas, gen)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 20 == 0:
            log.info("step %d dsm %.4f", step, loss.item())
    flow.eval()
    ll = flow.log_likelihood(data[896:].clone())
    log.info("held-out log-likelihood %.3f nats/sample", ll.mean().item())


if __name__ == "__main__":
    main()
