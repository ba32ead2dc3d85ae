"""Multi-domain image-to-image GAN (StarGAN-v2-like): a shared discriminator trunk with one output head per
domain, normalisation chosen by the config, and a replica wrapper that mimics DistributedDataParallel."""
from dataclasses import dataclass
from functools import partial

import torch.nn as nn

NORMS = {"bn": nn.BatchNorm2d, "gn": partial(nn.GroupNorm, 8), "none": lambda c: nn.Identity()}


@dataclass
class DiscConfig:
    domains: tuple = ("cat", "dog", "wild")
    base: int = 32
    n_down: int = 3
    norm: str = "bn"


class DownBlock(nn.Module):
    def __init__(self, cin, cout, norm):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 4, 2, 1)
        self.norm = NORMS[norm](cout)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x):
        return self.act(self.norm(self.conv(x)))


class Trunk(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        chans = [3] + [cfg.base * 2 ** i for i in range(cfg.n_down)]
        self.blocks = nn.Sequential(*[DownBlock(a, b, cfg.norm) for a, b in zip(chans[:-1], chans[1:])])
        self.out_ch = chans[-1]

    def forward(self, x):
        return self.blocks(x).mean(dim=(2, 3))


class MultiHeadDiscriminator(Trunk):
    def __init__(self, cfg):
        super().__init__(cfg)
        self.heads = nn.ModuleDict({d: nn.Linear(self.out_ch, 1) for d in cfg.domains})

    def forward(self, x, domain):
        return self.heads[domain](super().forward(x)).squeeze(1)


class Generator(nn.Module):
    def __init__(self, n_domains=3, c=32):
        super().__init__()
        self.embed = nn.Embedding(n_domains, c)
        self.enc = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.ReLU())
        self.dec = nn.Sequential(nn.Conv2d(c, c, 3, padding=1), nn.ReLU(), nn.Conv2d(c, 3, 3, padding=1), nn.Tanh())

    def forward(self, x, domain_idx):
        return self.dec(self.enc(x) + self.embed(domain_idx)[:, :, None, None])


class ReplicaWrapper(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)
