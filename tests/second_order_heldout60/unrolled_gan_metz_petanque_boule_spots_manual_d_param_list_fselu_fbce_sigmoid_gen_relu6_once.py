"""Unrolled GAN (Metz et al. 2016) on 2-D landing spots of petanque boules around the jack.

The discriminator is kept as a plain list of tensors so that K SGD steps of it can be unrolled with
create_graph=True; the generator loss is taken against the unrolled discriminator and backpropagated
through the unrolling (the second-order variant of the paper)."""
import argparse
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable

parser = argparse.ArgumentParser()
parser.add_argument('--z_dim', type=int, default=8)
parser.add_argument('--hidden', type=int, default=32)
parser.add_argument('--batch', type=int, default=64)
parser.add_argument('--unrolled_steps', type=int, default=3)
parser.add_argument('--d_lr', type=float, default=1e-3)
parser.add_argument('--g_lr', type=float, default=1e-3)
parser.add_argument('--iters', type=int, default=3)
args = parser.parse_args()

N_JACKS = 6


def boule_spots(n):
    """Boules cluster on a ring of jack positions (one end per throw), spread by throw quality."""
    k = np.random.randint(0, N_JACKS, n)
    ang = 2 * math.pi * k / N_JACKS
    centre = np.stack([np.cos(ang), np.sin(ang)], 1) * 2.0
    return torch.from_numpy((centre + 0.15 * np.random.randn(n, 2)).astype(np.float32))


def init_d_params(hidden):
    ps = []
    for (n_in, n_out) in [(2, hidden), (hidden, hidden), (hidden, 1)]:
        w = torch.empty(n_out, n_in)
        nn.init.kaiming_uniform_(w, a=math.sqrt(5))
        ps += [Variable(w, requires_grad=True), Variable(torch.zeros(n_out), requires_grad=True)]
    return ps


def d_forward(x, params):
    h = F.selu(F.linear(x, params[0], params[1]))
    h = F.hardtanh(F.linear(h, params[2], params[3]))
    return F.sigmoid(F.linear(h, params[4], params[5]))


def d_loss_fn(params, real, fake):
    d_real = d_forward(real, params)
    d_fake = d_forward(fake, params)
    ones = Variable(torch.ones(d_real.size()))
    zeros = Variable(torch.zeros(d_fake.size()))
    return F.binary_cross_entropy(d_real, ones) + F.binary_cross_entropy(d_fake, zeros)


class Generator(nn.Module):
    def __init__(self, z_dim, hidden):
        super(Generator, self).__init__()
        self.map = nn.Sequential(
            nn.Linear(z_dim, hidden), nn.ReLU6(),
            nn.Linear(hidden, hidden), nn.ReLU6(),
            nn.Linear(hidden, 2))

    def forward(self, z):
        return self.map(z)


def unroll(params, real, fake, steps, lr):
    """K differentiable SGD steps of the discriminator (create_graph keeps the dependence on fake)."""
    for _ in range(steps):
        loss = d_loss_fn(params, real, fake)
        grads = torch.autograd.grad(loss, params, create_graph=True)
        params = [p - lr * g for p, g in zip(params, grads)]
    return params


def main():
    np.random.seed(0)
    torch.manual_seed(0)
    G = Generator(args.z_dim, args.hidden)
    d_params = init_d_params(args.hidden)
    d_optim = torch.optim.SGD(d_params, lr=args.d_lr)
    g_optim = torch.optim.Adam(G.parameters(), lr=args.g_lr, betas=(0.5, 0.999))

    for it in range(args.iters):
        # discriminator: one ordinary step
        real = Variable(boule_spots(args.batch))
        z = Variable(torch.randn(args.batch, args.z_dim))
        fake = G(z).detach()
        d_loss = d_loss_fn(d_params, real, fake)
        d_optim.zero_grad()
        d_loss.backward()
        d_optim.step()

        # generator: against the discriminator unrolled K steps ahead
        real = Variable(boule_spots(args.batch))
        z = Variable(torch.randn(args.batch, args.z_dim))
        fake = G(z)
        unrolled = unroll(d_params, real, fake, args.unrolled_steps, args.d_lr)
        d_on_fake = d_forward(fake, unrolled)
        g_loss = -torch.log(d_on_fake + 1e-8).mean()
        g_optim.zero_grad()
        g_loss.backward()
        g_optim.step()
        for p in d_params:
            p.grad = None

        with torch.no_grad():
            spots = G(torch.randn(512, args.z_dim))
            ang = torch.atan2(spots[:, 1], spots[:, 0])
            covered = len(np.unique(np.round((ang.numpy() % (2 * math.pi)) / (2 * math.pi / N_JACKS)) % N_JACKS))
        print('it %d  d_loss %.4f  g_loss %.4f  jacks covered %d/%d' % (
            it, d_loss.data.item(), g_loss.data.item(), covered, N_JACKS))


if __name__ == '__main__':
    main()
