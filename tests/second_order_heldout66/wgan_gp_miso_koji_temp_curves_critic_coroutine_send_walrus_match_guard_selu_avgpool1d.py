"""WGAN-GP on koji-room temperature curves (miso fermentation, 48 h of a rice-koji bed, resampled to 32 points).

The critic update is a coroutine: ``critic_steps`` is primed with ``next()`` and then fed real batches with
``send()``; it yields its running statistics back. Activations are chosen by ``match`` on the config string,
with a guard selecting the fast tanh-GELU variant for the generator only.
"""
from __future__ import annotations

import argparse
import copy
import logging
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("koji_gan")


@dataclass
class GanConfig:
    seq_len: int = 32
    z_dim: int = 8
    width: int = 16
    critic_act: str = "selu"
    gen_act: str = "gelu"
    n_critic: int = 3
    gp_weight: float = 10.0
    steps: int = 4
    batch: int = 16
    ema_decay: float = 0.9
    lr: float = 2e-4


def make_activation(name: str, *, fast: bool = False, channels: int = 1) -> nn.Module:
    match name:
        case "gelu" if fast:
            return nn.GELU(approximate="tanh")
        case "gelu":
            return nn.GELU()
        case "prelu":
            return nn.PReLU(channels)
        case "selu":
            return nn.SELU()
        case "leaky" | "lrelu":
            return nn.LeakyReLU(0.2)
        case _:
            raise ValueError(f"unknown activation {name!r}")


class KojiGenerator(nn.Module):
    def __init__(self, cfg: GanConfig):
        super().__init__()
        self.width, self.half = cfg.width, cfg.seq_len // 2
        self.fc = nn.Linear(cfg.z_dim, cfg.width * self.half)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.act = make_activation(cfg.gen_act, fast=True)
        self.conv = nn.Conv1d(cfg.width, 1, 5, padding=2)
        self.smooth = nn.AvgPool1d(3, stride=1, padding=1, count_include_pad=False)

    def forward(self, z):
        h = self.fc(z).view(-1, self.width, self.half)
        h = self.act(self.up(h))
        return self.smooth(self.conv(h))


class KojiCritic(nn.Module):
    def __init__(self, cfg: GanConfig):
        super().__init__()
        self.conv1 = nn.Conv1d(1, cfg.width, 5, padding=2)
        self.act = make_activation(cfg.critic_act, channels=cfg.width)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(cfg.width, cfg.width, 3, padding=1)
        self.head = nn.Linear(cfg.width * (cfg.seq_len // 2), 1)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.pool(h)
        h = self.act(self.conv2(h))
        return self.head(h.flatten(1))


def build(cfg: GanConfig):
    gen = KojiGenerator(cfg)
    critic = KojiCritic(cfg)
    ema = copy.deepcopy(critic).requires_grad_(False)
    return gen, (critic, ema)


def synth_koji_curves(n: int, seq_len: int, gen: torch.Generator) -> torch.Tensor:
    """Exothermic koji growth: lag, a peak near 30-40 h, then the operator's 'turning' dip."""
    t = torch.linspace(0, 48, seq_len)
    peak = 30 + 10 * torch.rand(n, 1, generator=gen)
    height = 8 + 4 * torch.rand(n, 1, generator=gen)
    turn = (t > 20).float() * 1.5 * torch.exp(-((t - 22) ** 2) / 4)
    curve = 30 + height * torch.exp(-((t - peak) ** 2) / 60) - turn
    curve = curve + 0.3 * torch.randn(n, seq_len, generator=gen)
    with torch.no_grad():  # probe jitter removal, data only
        curve = F.avg_pool1d(curve.unsqueeze(1), 3, stride=1, padding=1, count_include_pad=False)
    return (curve - 34.0) / 5.0


def gradient_penalty(critic: nn.Module, real, fake, weight: float):
    if weight <= 0:
        return None
    eps = torch.rand(real.size(0), 1, 1)
    mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
    (g,) = torch.autograd.grad(critic(mix).sum(), mix, create_graph=True)
    return weight * ((g.flatten(1).norm(dim=1) - 1.0) ** 2).mean()


def critic_steps(critic, gen, opt, cfg: GanConfig):
    """Coroutine: receives real batches through send(), yields the last statistics."""
    stats = {}
    while True:
        real = yield stats
        z = torch.randn(real.size(0), cfg.z_dim)
        fake = gen(z).detach()
        wdist = critic(real).mean() - critic(fake).mean()
        loss = -wdist
        if (gp := gradient_penalty(critic, real, fake, cfg.gp_weight)) is not None:
            loss = loss + gp
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        stats = {"wdist": wdist.item(), "gp": 0.0 if gp is None else gp.item()}


@torch.no_grad()
def ema_update(ema: nn.Module, critic: nn.Module, decay: float) -> None:
    for pe, pc in zip(ema.parameters(), critic.parameters()):
        pe.lerp_(pc, 1 - decay)


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=GanConfig.steps)
    p.add_argument("--gp-weight", type=float, default=GanConfig.gp_weight)
    args = p.parse_args(argv)
    cfg = GanConfig(steps=args.steps, gp_weight=args.gp_weight)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    data_gen = torch.Generator().manual_seed(1)
    data = synth_koji_curves(256, cfg.seq_len, data_gen)

    gen, (critic, ema) = build(cfg)
    opt_c = torch.optim.Adam(critic.parameters(), lr=cfg.lr, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=cfg.lr, betas=(0.5, 0.9))
    loop = critic_steps(critic, gen, opt_c, cfg)
    next(loop)

    for step in range(cfg.steps):
        for _ in range(cfg.n_critic):
            idx = torch.randint(0, data.size(0), (cfg.batch,))
            stats = loop.send(data[idx])
        ema_update(ema, critic, cfg.ema_decay)
        for prm in critic.parameters():
            prm.requires_grad_(False)
        g_loss = -critic(gen(torch.randn(cfg.batch, cfg.z_dim))).mean()
        opt_g.zero_grad(set_to_none=True)
        g_loss.backward()
        opt_g.step()
        for prm in critic.parameters():
            prm.requires_grad_(True)
        with torch.no_grad():
            ema_score = ema(data[:32]).mean().item()
        log.info("step %d wdist %.3f gp %.3f g %.3f ema %.3f", step, stats["wdist"], stats["gp"],
                 g_loss.item(), ema_score)
    assert critic.conv1.weight.grad is not None and math.isfinite(stats["gp"])
    loop.close()


if __name__ == "__main__":
    main()
