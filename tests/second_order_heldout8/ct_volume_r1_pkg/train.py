"""Train a conditional 3-D GAN on CT patches (non-saturating loss + lazy R1)."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

from models import DISCRIMINATORS, DiscConfig, Generator3d
from regularizers import LazyR1


class ReplicaWrapper(nn.Module):
    """Stand-in for DistributedDataParallel on a single process: exposes the model as .module."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=10000)
    p.add_argument("--batch", type=int, default=4)
    p.add_argument("--size", type=int, default=64)
    args = p.parse_args(argv)

    cfg = DiscConfig(arch="projection", downsample="avg")
    D = ReplicaWrapper(DISCRIMINATORS[cfg.arch](cfg))
    G = Generator3d()
    opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.0, 0.99))
    r1 = LazyR1(gamma=5.0)
    for step in range(args.steps):
        real = torch.randn(args.batch, 1, args.size, args.size, args.size)
        organ = torch.randint(0, cfg.n_organs, (args.batch,))
        fake = G(torch.randn(args.batch, 64))
        d_loss = F.softplus(D(fake.detach(), organ)).mean() + F.softplus(-D(real, organ)).mean()
        d_loss = d_loss + r1(step, D.module, real, organ)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = F.softplus(-D(fake, organ)).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()


if __name__ == "__main__":
    main()
