"""Energy-based model of kite-line tension windows (kitesurf/paraglider winch logs).

Short-run Langevin (input gradients, no graph) with persistent chains; the regulariser is
chosen by name in the config and the published run uses the energy-magnitude term.
"""
import logging
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("kite_line_ebm")

CFG = SimpleNamespace(window=48, channels=2, width=24, n=192, batch=32, epochs=2, lr=1e-4,
                      sgld_steps=12, sgld_lr=1.0, sgld_noise=0.01,
                      regularizer="energy_l2", reg_weight=0.1, seed=9)


class TensionEnergy(nn.Module):
    def __init__(self, channels, width):
        super().__init__()
        self.conv1 = nn.Conv1d(channels, width, 5)
        self.norm = nn.GroupNorm(4, width)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(width, width, 3)
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        h = F.pad(x, (2, 2), mode="reflect")
        h = F.hardswish(self.norm(self.conv1(h)))
        h = self.pool(h)
        h = F.hardswish(self.conv2(h))
        return self.head(h.mean(-1)).squeeze(-1)


def gradient(y, x, create_graph=False):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=create_graph)[0]


def sgld(energy, x, steps, lr, noise):
    for _ in range(steps):
        x = x.detach().requires_grad_(True)
        g = gradient(energy(x), x)
        x = x - lr * g + noise * torch.randn_like(x)
    return x.detach()


def grad_norm_penalty(energy, x):
    x = x.detach().requires_grad_(True)
    return gradient(energy(x), x, create_graph=True).flatten(1).pow(2).sum(-1).mean()


def energy_l2(energy, pos, neg):
    return energy(pos).pow(2).mean() + energy(neg).pow(2).mean()


def tension_windows(n, gen):
    t = torch.linspace(0, 1, CFG.window)
    gust = torch.sin(2 * torch.pi * (1 + 3 * torch.rand(n, 1, generator=gen)) * t)
    base = 1 + 0.3 * torch.rand(n, 1, generator=gen)
    front = base + 0.4 * gust + 0.05 * torch.randn(n, CFG.window, generator=gen)
    back = 0.7 * front + 0.05 * torch.randn(n, CFG.window, generator=gen)
    return torch.stack([front, back], 1)


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(CFG.seed)
    data = tension_windows(CFG.n, gen)
    energy = TensionEnergy(CFG.channels, CFG.width)
    opt = torch.optim.Adam(energy.parameters(), lr=CFG.lr)
    chains = torch.randn(CFG.batch, CFG.channels, CFG.window, generator=gen)
    for epoch in range(CFG.epochs):
        for i in range(0, CFG.n, CFG.batch):
            pos = data[i:i + CFG.batch]
            chains = sgld(energy, chains, CFG.sgld_steps, CFG.sgld_lr, CFG.sgld_noise)
            neg = chains[:pos.shape[0]]
            loss = energy(pos).mean() - energy(neg).mean()
            if CFG.regularizer == "grad_norm":
                loss = loss + CFG.reg_weight * grad_norm_penalty(energy, neg)
            elif CFG.regularizer == "energy_l2":
                loss = loss + CFG.reg_weight * energy_l2(energy, pos, neg)
            opt.zero_grad()
            loss.backward()
            opt.step()
        log.info("epoch %d cd loss %.4f", epoch, loss.item())
    assert energy.conv1.weight.grad is not None


if __name__ == "__main__":
    main()
