"""Cobblestone paving texture GAN with a lazy R1 penalty and activation-checkpointed discriminator blocks.

The discriminator blocks are run through torch.utils.checkpoint (non-reentrant, so autograd.grad and double
backward work) to save memory on large crops; convolutions carry spectral normalisation.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

log = logging.getLogger("cobble")


class DiscBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.pad = nn.ReflectionPad2d(1)
        self.conv = nn.utils.spectral_norm(nn.Conv2d(cin, cout, 3))
        self.act = nn.LeakyReLU(0.2)
        self.pool = nn.AvgPool2d(2)

    def forward(self, x):
        h = self.act(self.conv(self.pad(x)))
        return self.pool(h)


class Discriminator(nn.Module):
    def __init__(self, ch=(3, 16, 32), grad_ckpt=True):
        super().__init__()
        self.blocks = nn.ModuleList(DiscBlock(a, b) for a, b in zip(ch[:-1], ch[1:]))
        self.fc = nn.utils.spectral_norm(nn.Linear(ch[-1], 1))
        self.grad_ckpt = grad_ckpt

    def forward(self, x):
        h = x
        for block in self.blocks:
            if self.grad_ckpt and self.training:
                h = checkpoint(block, h, use_reentrant=False)
            else:
                h = block(h)
        return self.fc(h.mean((2, 3))).squeeze(1)


class Generator(nn.Module):
    def __init__(self, zdim=32, ch=32):
        super().__init__()
        self.fc = nn.Linear(zdim, ch * 4 * 4)
        self.net = nn.Sequential(
            nn.Upsample(scale_factor=2),
            nn.Conv2d(ch, ch, 3, padding=1),
            nn.GroupNorm(4, ch),
            nn.ReLU(),
            nn.Upsample(scale_factor=2),
            nn.Conv2d(ch, 3, 3, padding=1),
            nn.Tanh(),
        )
        self.ch = ch

    def forward(self, z):
        return self.net(self.fc(z).view(-1, self.ch, 4, 4))


def cobble_textures(n, size=16, seed=0):
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    out = []
    for _ in range(n):
        period = torch.randint(4, 8, (1,), generator=g).item()
        joints = ((xx % period == 0) | (yy % period == 0)).float()
        stone = 0.6 + 0.2 * torch.rand(3, size, size, generator=g)
        out.append(stone * (1 - joints) - 0.5 * joints)
    return torch.stack(out).clamp(-1, 1)


def r1_penalty(disc, real):
    real = real.detach().requires_grad_(True)
    scores = disc(real)
    (grad,) = torch.autograd.grad(scores.sum(), real, create_graph=True)
    return grad.pow(2).flatten(1).sum(1).mean(), scores


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=4)
    ap.add_argument("--r1-gamma", type=float, default=5.0)
    ap.add_argument("--r1-every", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    data = cobble_textures(32)
    G, D = Generator(), Discriminator()
    opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.0, 0.99))
    r1_seen = False

    for it in range(args.iters):
        real = data[torch.randperm(len(data))[:8]]
        z = torch.randn(8, 32)
        # discriminator
        d_fake = D(G(z).detach())
        d_real = D(real)
        d_loss = F.softplus(d_fake).mean() + F.softplus(-d_real).mean()
        if it % args.r1_every == 0:
            r1, _ = r1_penalty(D, real)
            d_loss = d_loss + 0.5 * args.r1_gamma * args.r1_every * r1
            r1_seen = True
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        # generator
        g_loss = F.softplus(-D(G(torch.randn(8, 32)))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        log.info("it %d  d %.4f  g %.4f", it, d_loss.item(), g_loss.item())

    assert r1_seen and D.blocks[0].conv.weight_orig.grad is not None


if __name__ == "__main__":
    main()
