"""Energy-based model of snow crystal habit descriptors (dendrite arm length, plate aspect, needle ratio ...).

Contrastive divergence with short-run SGLD. The energy network is a raw-parameter MLP that treats the
first three descriptors as a direction (normalised) and the rest as magnitudes. SGLD uses input gradients
of the energy, but the chains are detached: the CD loss is differentiated once.
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("snow.ebm")


class RawEnergy(nn.Module):
    def __init__(self, dim=7, n_dir=3, width=48):
        super().__init__()
        self.n_dir = n_dir
        self.w1 = nn.Parameter(torch.randn(dim, width) / math.sqrt(dim))
        self.b1 = nn.Parameter(torch.zeros(width))
        self.w2 = nn.Parameter(torch.randn(width, width) / math.sqrt(width))
        self.w3 = nn.Parameter(torch.randn(width) / math.sqrt(width))

    def forward(self, x):
        direction = F.normalize(x.narrow(-1, 0, self.n_dir), dim=-1)
        mags = x[..., self.n_dir:]
        h = torch.cat([direction, mags], dim=-1) @ self.w1 + self.b1
        h = torch.selu(h)
        h = torch.selu(h @ self.w2)
        return h @ self.w3


def sgld(energy, x0, steps, step_size, noise):
    x = x0.clone()
    for _ in range(steps):
        x.requires_grad_(True)
        (gx,) = torch.autograd.grad(energy(x).sum(), x)
        x = (x - step_size * gx + noise * torch.randn_like(x)).detach()
    return x


def descriptors(n, gen):
    habit = torch.randint(0, 3, (n,), generator=gen)
    base = torch.tensor([[1.0, 0.2, 0.1, 2.0, 0.5, 0.1, 0.3],
                         [0.1, 1.0, 0.2, 0.4, 2.0, 0.2, 0.1],
                         [0.2, 0.1, 1.0, 0.2, 0.3, 3.0, 0.2]])
    return base[habit] + 0.1 * torch.randn(n, 7, generator=gen)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--sgld-steps", type=int, default=10)
    ap.add_argument("--alpha", type=float, default=0.1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(2)
    torch.manual_seed(2)
    energy = RawEnergy()
    opt = torch.optim.Adam(energy.parameters(), lr=1e-3)
    buffer = torch.randn(64, 7)
    for step in range(args.steps):
        pos = descriptors(32, gen)
        idx = torch.randint(0, buffer.shape[0], (32,), generator=gen)
        neg = sgld(energy, buffer[idx], args.sgld_steps, step_size=0.05, noise=0.01)
        buffer[idx] = neg
        e_pos, e_neg = energy(pos), energy(neg)
        loss = e_pos.mean() - e_neg.mean() + args.alpha * (e_pos.pow(2).mean() + e_neg.pow(2).mean())
        opt.zero_grad()
        loss.backward()
        assert not neg.requires_grad
        opt.step()
        log.info("step %d cd %.4f e_pos %.3f e_neg %.3f", step, loss.item(), e_pos.mean().item(), e_neg.mean().item())


if __name__ == "__main__":
    main()
