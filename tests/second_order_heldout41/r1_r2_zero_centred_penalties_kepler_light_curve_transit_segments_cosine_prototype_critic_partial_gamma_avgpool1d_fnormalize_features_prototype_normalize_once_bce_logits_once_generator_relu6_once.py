"""Non-saturating GAN for phase-folded transit segments of Kepler long-cadence light curves, with the
zero-centred R1 (real) and R2 (fake) penalties of Mescheder et al. 2018 / Roth et al. 2017.

The critic ends in a cosine-similarity head: features and a learned "transit prototype" are both
L2-normalised and their dot product is scaled by a learned temperature.  A synthetic sampler stands in
for the MAST download (box transits with quadratic limb darkening + stellar variability + shot noise).
"""
import math
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class TrainConfig:
    seg_len: int = 64
    z_dim: int = 16
    batch: int = 8
    steps: int = 3
    lr_d: float = 4e-4
    lr_g: float = 1e-4
    r1_gamma: float = 1.0
    r2_gamma: float = 0.5
    width: int = 24


def sample_transits(n, length):
    phase = torch.linspace(-0.5, 0.5, length).unsqueeze(0)
    depth = 0.002 + 0.01 * torch.rand(n, 1)
    dur = 0.05 + 0.1 * torch.rand(n, 1)
    r = (phase / dur).abs().clamp(max=1.0)
    u1, u2 = 0.4, 0.25
    limb = 1 - u1 * (1 - torch.sqrt(1 - r ** 2)) - u2 * (1 - torch.sqrt(1 - r ** 2)) ** 2
    dip = depth * limb * (r < 1).float()
    var = 0.001 * torch.sin(2 * math.pi * (phase * torch.randint(1, 4, (n, 1)) + torch.rand(n, 1)))
    flux = 1.0 - dip + var + 0.0005 * torch.randn(n, length)
    return ((flux - 1.0) / 0.01).unsqueeze(1)


class TransitGenerator(nn.Module):
    def __init__(self, z_dim, length, width):
        super().__init__()
        self.width, self.l0 = width, length // 4
        self.fc = nn.Linear(z_dim, width * self.l0)
        self.up1 = nn.ConvTranspose1d(width, width, 4, stride=2, padding=1)
        self.up2 = nn.ConvTranspose1d(width, width // 2, 4, stride=2, padding=1)
        self.out = nn.Conv1d(width // 2, 1, 5, padding=2)

    def forward(self, z):
        h = self.fc(z).view(z.size(0), self.width, self.l0)
        h = F.relu6(self.up1(h))
        h = F.relu6(self.up2(h))
        return self.out(h)


class CosinePrototypeCritic(nn.Module):
    def __init__(self, width, length):
        super().__init__()
        self.conv_a = nn.Conv1d(1, width, 5, padding=2)
        self.conv_b = nn.Conv1d(width, width, 5, padding=2)
        self.down = nn.AvgPool1d(2)
        self.proj = nn.Linear(width * (length // 4), 32)
        self.prototype = nn.Parameter(torch.randn(32))
        self.log_temp = nn.Parameter(torch.tensor(math.log(5.0)))

    def forward(self, x):
        h = self.down(F.leaky_relu(self.conv_a(x), 0.1))
        h = self.down(F.leaky_relu(self.conv_b(h), 0.1))
        f = F.normalize(self.proj(h.flatten(1)), dim=1)
        p = F.normalize(self.prototype, dim=0)
        return self.log_temp.exp() * (f @ p)


def zero_centred_penalty(critic, x, gamma):
    x = x.detach().requires_grad_(True)
    scores = critic(x)
    g, = torch.autograd.grad(outputs=scores.sum(), inputs=[x], create_graph=True)
    return 0.5 * gamma * g.pow(2).flatten(1).sum(1).mean(), scores


def train(cfg):
    torch.manual_seed(1)
    G = TransitGenerator(cfg.z_dim, cfg.seg_len, cfg.width)
    D = CosinePrototypeCritic(cfg.width, cfg.seg_len)
    opt_g = torch.optim.Adam(G.parameters(), cfg.lr_g, betas=(0.5, 0.99))
    opt_d = torch.optim.Adam(D.parameters(), cfg.lr_d, betas=(0.5, 0.99))
    r1 = partial(zero_centred_penalty, gamma=cfg.r1_gamma)
    r2 = partial(zero_centred_penalty, gamma=cfg.r2_gamma)
    history = []
    for step in range(cfg.steps):
        real = sample_transits(cfg.batch, cfg.seg_len)
        fake = G(torch.randn(cfg.batch, cfg.z_dim))

        pen_real, s_real = r1(D, real)
        pen_fake, s_fake = r2(D, fake)
        adv = F.binary_cross_entropy_with_logits(s_real, torch.ones_like(s_real)) + \
            F.binary_cross_entropy_with_logits(s_fake, torch.zeros_like(s_fake))
        loss_d = adv + pen_real + pen_fake
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()

        s_gen = D(G(torch.randn(cfg.batch, cfg.z_dim)))
        loss_g = F.softplus(-s_gen).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        history.append((loss_d.item(), pen_real.item(), pen_fake.item(), loss_g.item()))
        print("step %d  D %.4f  R1 %.5f  R2 %.5f  G %.4f" % ((step,) + history[-1]))
    return history


if __name__ == "__main__":
    train(TrainConfig())
