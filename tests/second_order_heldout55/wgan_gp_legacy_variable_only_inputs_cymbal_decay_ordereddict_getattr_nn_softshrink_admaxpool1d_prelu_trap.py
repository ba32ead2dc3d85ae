"""WGAN-GP on cymbal crash decay envelopes (log-energy per band over time).

Old-school code path kept from the 2018 lab repo: Variable, .data, only_inputs=True.
The critic and generator are assembled from (layer name, kwargs) specs at run time.
"""
import argparse
from collections import OrderedDict

import torch
import torch.nn as nn
from torch.autograd import Variable

CRITIC_SPEC = [
    ("Conv1d", dict(in_channels=4, out_channels=16, kernel_size=5, padding=2)),
    ("LeakyReLU", dict(negative_slope=0.2)),
    ("Conv1d", dict(in_channels=16, out_channels=32, kernel_size=5, padding=2)),
    ("Softshrink", dict(lambd=0.05)),
    ("AdaptiveMaxPool1d", dict(output_size=8)),
    ("Flatten", dict()),
    ("Linear", dict(in_features=32 * 8, out_features=1)),
]

GENERATOR_SPEC = [
    ("Linear", dict(in_features=16, out_features=32 * 16)),
    ("Unflatten", dict(dim=1, unflattened_size=(32, 16))),
    ("Upsample", dict(scale_factor=2, mode="nearest")),
    ("Conv1d", dict(in_channels=32, out_channels=16, kernel_size=3, padding=1)),
    ("PReLU", dict(num_parameters=16)),
    ("Conv1d", dict(in_channels=16, out_channels=4, kernel_size=3, padding=1)),
]


def build_from_spec(spec, prefix):
    layers = OrderedDict()
    for idx, (name, kwargs) in enumerate(spec):
        layers["%s%d_%s" % (prefix, idx, name.lower())] = getattr(nn, name)(**kwargs)
    return nn.Sequential(layers)


class Critic(nn.Module):
    def __init__(self):
        super(Critic, self).__init__()
        self.main = build_from_spec(CRITIC_SPEC, "c")

    def forward(self, x):
        return self.main(x).view(-1)


class Generator(nn.Module):
    def __init__(self):
        super(Generator, self).__init__()
        self.main = build_from_spec(GENERATOR_SPEC, "g")

    def forward(self, z):
        return torch.tanh(self.main(z))


def cymbal_batch(n, bands=4, steps=32):
    # exponential decay per band with random T60 and a little shimmer
    t = torch.linspace(0, 1, steps).view(1, 1, steps)
    t60 = 0.2 + torch.rand(n, bands, 1)
    shimmer = 0.05 * torch.sin(40 * t + 6.28 * torch.rand(n, bands, 1))
    return torch.exp(-t / t60) * 2 - 1 + shimmer


def calc_gradient_penalty(netD, real_data, fake_data, lam):
    alpha = torch.rand(real_data.size(0), 1, 1)
    alpha = alpha.expand(real_data.size())
    interpolates = alpha * real_data + ((1 - alpha) * fake_data)
    interpolates = Variable(interpolates, requires_grad=True)
    disc_interpolates = netD(interpolates)
    gradients = torch.autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                                    grad_outputs=torch.ones(disc_interpolates.size()),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * lam


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--iters", type=int, default=3)
    p.add_argument("--critic-iters", type=int, default=2)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--lam", type=float, default=10.0)
    p.add_argument("--nz", type=int, default=16)
    args = p.parse_args()
    torch.manual_seed(0)

    netD, netG = Critic(), Generator()
    optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
    optG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))
    one = torch.tensor(1.0)
    mone = one * -1

    for it in range(args.iters):
        for p_ in netD.parameters():
            p_.requires_grad = True
        for _ in range(args.critic_iters):
            real = Variable(cymbal_batch(args.batch))
            netD.zero_grad()
            d_real = netD(real).mean()
            d_real.backward(mone)
            noise = Variable(torch.randn(args.batch, args.nz))
            fake = Variable(netG(noise).data)
            d_fake = netD(fake).mean()
            d_fake.backward(one)
            gp = calc_gradient_penalty(netD, real.data, fake.data, args.lam)
            gp.backward()
            optD.step()
            w_dist = (d_real - d_fake).data
        for p_ in netD.parameters():
            p_.requires_grad = False
        netG.zero_grad()
        noise = Variable(torch.randn(args.batch, args.nz))
        g_cost = netD(netG(noise)).mean()
        g_cost.backward(mone)
        optG.step()
        print("iter %d  W %.4f  GP %.4f  G %.4f" % (it, w_dist.item(), gp.item(), g_cost.item()))


if __name__ == "__main__":
    main()
