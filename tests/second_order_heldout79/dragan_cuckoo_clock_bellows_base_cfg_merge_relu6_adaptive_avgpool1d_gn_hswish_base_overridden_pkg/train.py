"""Train DRAGAN on synthetic cuckoo-clock bellows pressure traces: ``python train.py``."""
import argparse
import logging

import torch
import torch.nn.functional as F

import models  # noqa: F401  (registers the model / loss classes)
from config import load_config
from registry import LOSSES, MODELS

logger = logging.getLogger("cuckoo_dragan")


def bellows_traces(n, length=64):
    t = torch.linspace(0, 1, length)
    onset = 0.2 + 0.4 * torch.rand(n, 1)
    pulse = torch.exp(-((t - onset) / 0.05) ** 2) - 0.6 * torch.exp(-((t - onset - 0.15) / 0.08) ** 2)
    return (pulse + 0.03 * torch.randn(n, length)).unsqueeze(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    cfg = load_config()
    gen = MODELS.build(cfg["model"]["generator"])
    critic = MODELS.build(cfg["model"]["critic"])
    gp = LOSSES.build(cfg["gp_loss"])
    opt_g = torch.optim.Adam(gen.parameters(), **cfg["optimizer"])
    opt_d = torch.optim.Adam(critic.parameters(), **cfg["optimizer"])
    bs = cfg["batch_size"]
    for it in range(args.iters or cfg["total_iters"]):
        real = bellows_traces(bs)
        fake = gen(torch.randn(bs, gen.noise_dim)).detach()
        loss_adv = F.softplus(critic(fake)).mean() + F.softplus(-critic(real)).mean()
        loss_gp = gp(critic, real)
        opt_d.zero_grad()
        (loss_adv + loss_gp).backward()
        assert critic.convs[0].conv.weight.grad is not None
        opt_d.step()

        loss_g = F.softplus(-critic(gen(torch.randn(bs, gen.noise_dim)))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        logger.info("iter %d adv %.4f gp %.4f g %.4f", it, loss_adv.item(), loss_gp.item(), loss_g.item())


if __name__ == "__main__":
    main()
