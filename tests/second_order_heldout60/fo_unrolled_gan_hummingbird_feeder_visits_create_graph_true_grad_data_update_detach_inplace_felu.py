"""Unrolled GAN for hummingbird feeder visits (visit hour-of-day, visit duration), cheap variant.

Same unrolling code as the second-order version, but the unrolled discriminator is built from g.data, i.e.
the 'first-order unrolling' approximation: the generator is trained against a look-ahead discriminator
without differentiating through its updates."""
import argparse
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable

parser = argparse.ArgumentParser()
parser.add_argument('--z_dim', type=int, default=4)
parser.add_argument('--hidden', type=int, default=32)
parser.add_argument('--batch', type=int, default=64)
parser.add_argument('--unrolled_steps', type=int, default=4)
parser.add_argument('--d_lr', type=float, default=5e-3)
parser.add_argument('--g_lr', type=float, default=1e-3)
parser.add_argument('--iters', type=int, default=3)
args = parser.parse_args()

UNROLL_CREATE_GRAPH = True   # left on from the exact version; harmless here


def feeder_visits(n):
    """Dawn and dusk peaks of visit hour (scaled to [-1, 1]) with short / long visit durations."""
    peak = np.random.rand(n) < 0.55
    hour = np.where(peak, np.random.normal(6.5, 0.7, n), np.random.normal(19.0, 1.0, n))
    dur = np.where(peak, np.random.gamma(2.0, 4.0, n), np.random.gamma(3.0, 6.0, n))
    x = np.stack([(hour - 12) / 12.0, np.log1p(dur) / 2.0 - 1], 1)
    return torch.from_numpy(x.astype(np.float32))


class Discriminator(nn.Module):
    def __init__(self, hidden):
        super(Discriminator, self).__init__()
        self.fc1 = nn.Linear(2, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 1)

    def functional(self, x, params):
        h = F.elu(F.linear(x, params['fc1.weight'], params['fc1.bias']))
        h = F.elu(F.linear(h, params['fc2.weight'], params['fc2.bias']))
        return F.linear(h, params['fc3.weight'], params['fc3.bias'])

    def forward(self, x):
        return self.functional(x, dict(self.named_parameters()))


def d_loss(D, params, real, fake):
    lr_, lf_ = D.functional(real, params), D.functional(fake, params)
    return F.binary_cross_entropy_with_logits(lr_, torch.ones_like(lr_)) + \
        F.binary_cross_entropy_with_logits(lf_, torch.zeros_like(lf_))


def unrolled_params(D, real, fake, steps, lr):
    params = dict(D.named_parameters())
    for _ in range(steps):
        loss = d_loss(D, params, real, fake)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=UNROLL_CREATE_GRAPH)
        params = dict((k, v - lr * g.data) for (k, v), g in zip(params.items(), grads))
    return params


G = nn.Sequential(nn.Linear(args.z_dim, args.hidden), nn.Softplus(), nn.Linear(args.hidden, args.hidden),
                  nn.Softplus(), nn.Linear(args.hidden, 2))
D = Discriminator(args.hidden)
d_optim = torch.optim.Adam(D.parameters(), lr=args.d_lr, betas=(0.5, 0.999))
g_optim = torch.optim.Adam(G.parameters(), lr=args.g_lr, betas=(0.5, 0.999))

if __name__ == '__main__':
    np.random.seed(1)
    torch.manual_seed(1)
    for it in range(args.iters):
        real = Variable(feeder_visits(args.batch))
        fake = G(Variable(torch.randn(args.batch, args.z_dim)))
        fake.detach_()
        loss_d = d_loss(D, dict(D.named_parameters()), real, fake)
        d_optim.zero_grad()
        loss_d.backward()
        d_optim.step()

        real = Variable(feeder_visits(args.batch))
        fake = G(Variable(torch.randn(args.batch, args.z_dim)))
        params_k = unrolled_params(D, real, fake, args.unrolled_steps, args.d_lr)
        logits = D.functional(fake, params_k)
        loss_g = F.binary_cross_entropy_with_logits(logits, torch.ones_like(logits))
        g_optim.zero_grad()
        loss_g.backward()
        g_optim.step()
        D.zero_grad()
        print('it %d  loss_d %.4f  loss_g %.4f  fake hour mean %.3f' % (
            it, loss_d.data.item(), loss_g.data.item(), fake.data[:, 0].mean().item()))
