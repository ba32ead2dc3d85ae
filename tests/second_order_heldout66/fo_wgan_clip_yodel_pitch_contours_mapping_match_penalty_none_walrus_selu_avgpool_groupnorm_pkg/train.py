"""Train the yodel-contour WGAN. Run: python train.py"""
from __future__ import annotations

import argparse
import contextlib
import logging

import torch

from config import TrainConfig
from critics import build
from penalties import make_regulariser

log = logging.getLogger("yodel_wgan")


def yodel_contours(n: int, frames: int, gen: torch.Generator) -> torch.Tensor:
    """Alternating chest (low) and head (high) register with fast flips and a little vibrato."""
    t = torch.linspace(0, 1, frames)
    period = 0.18 + 0.1 * torch.rand(n, 1, generator=gen)
    phase = torch.rand(n, 1, generator=gen)
    flips = (torch.sin(2 * torch.pi * (t / period + phase)) > 0).float()
    contour = 0.0 + 0.7 * flips + 0.03 * torch.sin(2 * torch.pi * 6 * t) + 0.02 * torch.randn(n, frames, generator=gen)
    return contour.unsqueeze(1)


@contextlib.contextmanager
def frozen(*modules):
    flags = [[p.requires_grad for p in m.parameters()] for m in modules]
    for m in modules:
        m.requires_grad_(False)
    try:
        yield
    finally:
        for m, fl in zip(modules, flags):
            for p, f in zip(m.parameters(), fl):
                p.requires_grad_(f)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=TrainConfig.steps)
    args = parser.parse_args(argv)
    cfg = TrainConfig(steps=args.steps)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(cfg.seed)
    gen_data = torch.Generator().manual_seed(cfg.seed + 3)
    data = yodel_contours(128, cfg.frames, gen_data)

    gen, *critics = build(cfg)
    regularise = make_regulariser(cfg.regulariser)
    opt_c = torch.optim.RMSprop([p for c in critics for p in c.parameters()], lr=cfg.lr)
    opt_g = torch.optim.RMSprop(gen.parameters(), lr=cfg.lr)

    def score(x):
        return sum(c(x) for c in critics) / len(critics)

    for step in range(cfg.steps):
        for _ in range(cfg.critic_iters):
            real = data[torch.randint(0, data.size(0), (cfg.batch,), generator=gen_data)]
            fake = gen(torch.randn(cfg.batch, cfg.z_dim)).detach()
            loss_c = score(fake).mean() - score(real).mean()
            if (extra := regularise(critics, real, fake)) is not None:
                loss_c = loss_c + extra
            opt_c.zero_grad(set_to_none=True)
            loss_c.backward()
            opt_c.step()
            regularise.after_step(critics)
        with frozen(*critics):
            loss_g = -score(gen(torch.randn(cfg.batch, cfg.z_dim))).mean()
            opt_g.zero_grad(set_to_none=True)
            loss_g.backward()
            opt_g.step()
        log.info("step %d critic %.4f gen %.4f", step, loss_c.item(), loss_g.item())
    assert all(p.abs().max() <= cfg.regulariser["c"] + 1e-6 for c in critics for p in c.parameters())


if __name__ == "__main__":
    main()
