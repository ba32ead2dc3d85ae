"""Lazy R1 regularisation (StyleGAN2 style) for a 1-D GAN of harmonica reed attack waveforms.

The discriminator's R1 penalty is only evaluated every ``d_reg_every`` steps and scaled up accordingly.
The generator's path-length regulariser exists but is switched off for reed data (pl_weight = 0).
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("reedgan")


def parse_args():
    p = argparse.ArgumentParser(description="reed waveform GAN with lazy R1")
    p.add_argument("--steps", type=int, default=8)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--z-dim", type=int, default=16)
    p.add_argument("--length", type=int, default=64)
    p.add_argument("--r1-gamma", type=float, default=2.0)
    p.add_argument("--d-reg-every", type=int, default=4)
    p.add_argument("--pl-weight", type=float, default=0.0)
    p.add_argument("--g-reg-every", type=int, default=4)
    return p.parse_args()


def synthetic_reed_batch(n, length):
    # decaying partials of a free reed: fundamental + two inharmonic overtones
    t = torch.linspace(0, 1, length)
    f0 = 3.0 + 2.0 * torch.rand(n, 1)
    env = torch.exp(-t * (2.0 + 3.0 * torch.rand(n, 1)))
    wave = torch.sin(2 * math.pi * f0 * t) + 0.4 * torch.sin(2 * math.pi * 2.76 * f0 * t)
    return (env * wave).unsqueeze(1)


class ReedGenerator(nn.Module):
    def __init__(self, z_dim, length):
        super().__init__()
        self.base = length // 4
        self.fc = nn.Linear(z_dim, 32 * self.base)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv1 = nn.Conv1d(32, 16, 5, padding=2)
        self.conv2 = nn.Conv1d(16, 1, 5, padding=2)

    def forward(self, z):
        h = self.fc(z).view(z.shape[0], 32, self.base)
        h = F.gelu(self.conv1(self.up(h)), approximate="tanh")
        return torch.tanh(self.conv2(self.up(h)))


class ReedDiscriminator(nn.Module):
    def __init__(self, length):
        super().__init__()
        self.conv1 = nn.Conv1d(1, 16, 5, padding=2)
        self.conv2 = nn.Conv1d(16, 32, 5, padding=2)
        self.down = nn.AvgPool1d(2)
        self.head = nn.Linear(32 * (length // 4), 1)

    def forward(self, x):
        h = self.down(F.hardswish(self.conv1(x)))
        h = self.down(F.leaky_relu(self.conv2(h), 0.2))
        return self.head(h.flatten(1))


def r1_penalty(disc, real):
    real = real.detach().requires_grad_(True)
    scores = disc(real)
    (grad,) = torch.autograd.grad(scores.sum(), real, create_graph=True)
    return grad.square().sum(dim=[1, 2])


def path_length_penalty(gen, z, pl_mean, decay=0.01):
    z = z.detach().requires_grad_(True)
    fake = gen(z)
    noise = torch.randn_like(fake) / math.sqrt(fake.shape[-1])
    (grad,) = torch.autograd.grad((fake * noise).sum(), z, create_graph=True)
    lengths = grad.square().sum(1).sqrt()
    pl_mean = pl_mean + decay * (lengths.mean().detach() - pl_mean)
    return (lengths - pl_mean).square().mean(), pl_mean


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = ReedGenerator(args.z_dim, args.length)
    disc = ReedDiscriminator(args.length)
    opt_g = torch.optim.Adam(gen.parameters(), lr=2e-4, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(disc.parameters(), lr=2e-4, betas=(0.0, 0.99))
    pl_mean = torch.zeros(())
    r1_runs = 0

    for step in range(args.steps):
        real = synthetic_reed_batch(args.batch, args.length)
        z = torch.randn(args.batch, args.z_dim)

        # --- D main: non-saturating logistic loss
        fake = gen(z).detach()
        d_loss = F.softplus(disc(fake)).mean() + F.softplus(-disc(real)).mean()
        opt_d.zero_grad(set_to_none=True)
        d_loss.backward()
        opt_d.step()

        # --- D reg: lazy R1, every d_reg_every steps
        if step % args.d_reg_every == 0:
            r1 = r1_penalty(disc, real)
            opt_d.zero_grad(set_to_none=True)
            (r1 * (args.r1_gamma / 2) * args.d_reg_every).mean().backward()
            assert disc.conv1.weight.grad is not None and disc.conv1.weight.grad.abs().sum() > 0
            opt_d.step()
            r1_runs += 1

        # --- G main
        g_loss = F.softplus(-disc(gen(z))).mean()
        opt_g.zero_grad(set_to_none=True)
        g_loss.backward()
        opt_g.step()

        # --- G reg: lazy path length (disabled for reed data)
        if args.pl_weight > 0 and step % args.g_reg_every == 0:
            pl, pl_mean = path_length_penalty(gen, z, pl_mean)
            opt_g.zero_grad(set_to_none=True)
            (pl * args.pl_weight * args.g_reg_every).backward()
            opt_g.step()

        log.info("step %d d_loss %.4f g_loss %.4f", step, d_loss.item(), g_loss.item())
    log.info("R1 evaluated %d times", r1_runs)


if __name__ == "__main__":
    main()
