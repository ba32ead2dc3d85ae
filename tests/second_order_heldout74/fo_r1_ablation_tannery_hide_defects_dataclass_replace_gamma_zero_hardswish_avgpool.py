"""Ablation runner: non-saturating GAN on grey-scale tannery hide patches (scar / grain-crack / clean).

``GanConfig`` carries the reference hyper-parameters; each ablation is a ``dataclasses.replace`` of it.
This runner is launched once per row of the ablation table; the default row drops R1.
"""
import argparse
import dataclasses
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("tannery.ablate")


@dataclasses.dataclass(frozen=True)
class GanConfig:
    img: int = 16
    latent: int = 24
    ch: int = 16
    r1_gamma: float = 5.0
    r1_every: int = 2
    lr: float = 2e-4
    steps: int = 4
    batch: int = 16


ABLATIONS = {
    "reference": {},
    "no_r1": {"r1_gamma": 0.0},
    "wide": {"ch": 32},
}


class HideDiscriminator(nn.Module):
    def __init__(self, cfg: GanConfig):
        super().__init__()
        c = cfg.ch
        self.body = nn.Sequential(
            nn.Conv2d(1, c, 3, padding=1), nn.Hardswish(),
            nn.AvgPool2d(2),
            nn.Conv2d(c, 2 * c, 3, padding=1), nn.Hardswish(),
            nn.AvgPool2d(2),
        )
        self.out = nn.Linear(2 * c * (cfg.img // 4) ** 2, 1)

    def forward(self, x):
        return self.out(self.body(x).flatten(1)).squeeze(1)


class HideGenerator(nn.Module):
    def __init__(self, cfg: GanConfig):
        super().__init__()
        self.img = cfg.img
        self.fc = nn.Sequential(nn.Linear(cfg.latent, 128), nn.ReLU(), nn.Linear(128, cfg.img * cfg.img), nn.Tanh())

    def forward(self, z):
        return self.fc(z).view(-1, 1, self.img, self.img)


def r1_penalty(disc, real):
    real = real.detach().requires_grad_(True)
    logits = disc(real)
    grad, = torch.autograd.grad(logits.sum(), real, create_graph=True)
    return grad.pow(2).flatten(1).sum(1).mean()


def input_grad_norm(disc, real):
    """Monitoring only: |dD/dx| on real patches, no graph kept."""
    real = real.detach().requires_grad_(True)
    grad, = torch.autograd.grad(disc(real).sum(), real)
    return grad.flatten(1).norm(dim=1).mean().item()


def fake_hides(n, img, gen):
    base = 0.2 * torch.randn(n, 1, img, img, generator=gen)
    scar_rows = torch.randint(2, img - 2, (n,), generator=gen)
    for i, r in enumerate(scar_rows.tolist()):
        base[i, 0, r, :] += 0.8
    return base.clamp(-1, 1)


def run(cfg: GanConfig):
    gen = torch.Generator().manual_seed(3)
    data = fake_hides(128, cfg.img, gen)
    D, G = HideDiscriminator(cfg), HideGenerator(cfg)
    opt_d = torch.optim.Adam(D.parameters(), lr=cfg.lr, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(G.parameters(), lr=cfg.lr, betas=(0.0, 0.99))
    for step in range(cfg.steps):
        real = data[torch.randint(0, 128, (cfg.batch,), generator=gen)]
        fake = G(torch.randn(cfg.batch, cfg.latent))
        loss_d = F.softplus(D(fake.detach())).mean() + F.softplus(-D(real)).mean()
        if cfg.r1_gamma > 0 and step % cfg.r1_every == 0:
            loss_d = loss_d + 0.5 * cfg.r1_gamma * cfg.r1_every * r1_penalty(D, real)
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        loss_g = F.softplus(-D(fake)).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        log.info("step %d D %.4f G %.4f |dD/dx| %.4f", step, loss_d.item(), loss_g.item(), input_grad_norm(D, real))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ablation", default="no_r1", choices=sorted(ABLATIONS))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = dataclasses.replace(GanConfig(), **ABLATIONS[args.ablation])
    log.info("ablation %s -> %s", args.ablation, cfg)
    run(cfg)


if __name__ == "__main__":
    main()
