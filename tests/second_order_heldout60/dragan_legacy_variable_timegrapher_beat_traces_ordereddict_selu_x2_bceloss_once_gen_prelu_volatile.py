"""DRAGAN (Kodali et al. 2017) on timegrapher traces of mechanical watch movements.

Port of an old PyTorch 0.3 script: Variable everywhere, volatile sampling, BCE with a sigmoid critic and the
DRAGAN penalty around the data manifold (perturbed real samples only).
"""
from __future__ import print_function

import argparse
import math
from collections import OrderedDict

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as nnf
import torch.optim as optim
from torch.autograd import Variable, grad

parser = argparse.ArgumentParser(description='DRAGAN timegrapher traces')
parser.add_argument('--trace_len', type=int, default=64, help='samples per beat-error trace')
parser.add_argument('--z_dim', type=int, default=16)
parser.add_argument('--h_dim', type=int, default=32)
parser.add_argument('--batch_size', type=int, default=8)
parser.add_argument('--iters', type=int, default=4)
parser.add_argument('--lr', type=float, default=1e-4)
parser.add_argument('--lambda_', type=float, default=10.0, help='DRAGAN penalty weight')
parser.add_argument('--perturb', type=float, default=0.5, help='noise scale in units of the batch std')
parser.add_argument('--cuda', action='store_true')
opt = parser.parse_args()

CUDA = opt.cuda and torch.cuda.is_available()


def sample_traces(n, length):
    """Synthetic beat-error traces: tick/tock amplitude asymmetry + rate drift + positional noise."""
    t = np.linspace(0, 1, length)
    rate = np.random.uniform(-6, 6, size=(n, 1))
    beat_err = np.random.uniform(0.1, 1.2, size=(n, 1))
    amp = np.random.uniform(240, 310, size=(n, 1)) / 300.0
    x = beat_err * np.sign(np.sin(2 * math.pi * 8 * t)) * amp + rate * t / 6.0
    x += 0.05 * np.random.randn(n, length)
    return torch.from_numpy(x.astype(np.float32))


def build_generator(z_dim, h_dim, out_dim, n_hidden=2):
    layers = []
    in_dim = z_dim
    for i in range(n_hidden):
        layers.append(nn.Linear(in_dim, h_dim))
        layers.append(nn.PReLU())
        in_dim = h_dim
    layers.append(nn.Linear(in_dim, out_dim))
    layers.append(nn.Tanh())
    return nn.Sequential(*layers)


D = nn.Sequential(OrderedDict([
    ('fc1', nn.Linear(opt.trace_len, opt.h_dim)),
    ('act1', nn.SELU()),
    ('fc2', nn.Linear(opt.h_dim, opt.h_dim)),
    ('act2', nn.SELU()),
    ('fc3', nn.Linear(opt.h_dim, 1)),
    ('prob', nn.Sigmoid()),
]))
G = build_generator(opt.z_dim, opt.h_dim, opt.trace_len)


def weights_init(m):
    if isinstance(m, nn.Linear):
        nn.init.xavier_normal_(m.weight.data)
        m.bias.data.fill_(0.0)


G.apply(weights_init)
D.apply(weights_init)
if CUDA:
    G.cuda()
    D.cuda()

criterion = nn.BCELoss()
G_solver = optim.Adam(G.parameters(), lr=opt.lr, betas=(0.5, 0.999))
D_solver = optim.Adam(D.parameters(), lr=opt.lr, betas=(0.5, 0.999))

ones_label = Variable(torch.ones(opt.batch_size, 1))
zeros_label = Variable(torch.zeros(opt.batch_size, 1))


def reset_grad():
    G.zero_grad()
    D.zero_grad()


for it in range(opt.iters):
    # ---------------- discriminator ----------------
    z = Variable(torch.randn(opt.batch_size, opt.z_dim))
    X = sample_traces(opt.batch_size, opt.trace_len)
    X = Variable(X)

    G_sample = G(z)
    D_real = D(X)
    D_fake = D(G_sample.detach())
    D_loss_real = criterion(D_real, ones_label)
    D_loss_fake = criterion(D_fake, zeros_label)
    D_loss = D_loss_real + D_loss_fake

    # DRAGAN gradient penalty: perturb the real samples only
    alpha = torch.rand(opt.batch_size, 1).expand(X.size())
    x_hat = Variable(alpha * X.data + (1 - alpha) * (X.data + opt.perturb * X.data.std() * torch.rand(X.size())),
                     requires_grad=True)
    pred_hat = D(x_hat)
    gradients = grad(outputs=pred_hat, inputs=x_hat, grad_outputs=torch.ones(pred_hat.size()),
                     create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradient_penalty = opt.lambda_ * ((gradients.norm(2, dim=1) - 1) ** 2).mean()

    D_loss = D_loss + gradient_penalty
    D_loss.backward()
    D_solver.step()
    reset_grad()

    # ---------------- generator ----------------
    z = Variable(torch.randn(opt.batch_size, opt.z_dim))
    G_sample = G(z)
    D_fake = D(G_sample)
    G_loss = criterion(D_fake, ones_label)
    G_loss.backward()
    G_solver.step()
    reset_grad()

    print('Iter-{}; D_loss: {:.4}; G_loss: {:.4}; GP: {:.4}'.format(
        it, D_loss.data.item(), G_loss.data.item(), gradient_penalty.data.item()))

# sampling for the report: old volatile Variable (no-op now) + no_grad smoothing for the plot
z_eval = Variable(torch.randn(4, opt.z_dim), volatile=True)
with torch.no_grad():
    samples = G(z_eval).data
    smooth = nnf.avg_pool1d(samples.unsqueeze(1), kernel_size=4, stride=1, padding=2).squeeze(1)
print('sample beat-error range: %.3f .. %.3f' % (smooth.min().item(), smooth.max().item()))
