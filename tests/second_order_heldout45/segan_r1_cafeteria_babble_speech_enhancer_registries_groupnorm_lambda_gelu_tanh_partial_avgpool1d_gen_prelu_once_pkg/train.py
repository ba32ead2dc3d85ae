"""Train the babble-noise enhancer: LSGAN + L1, R1 on the discriminator (penalty chosen in config.py)."""
import argparse
import math

import torch

from config import TrainConfig
from losses import d_adv_loss, g_adv_loss, reconstruction_loss
from models import Discriminator, Generator
from registry import PENALTIES


def synth_batch(cfg):
    """Voiced harmonic 'speech' plus babble (a sum of shifted, scaled copies) at a random SNR."""
    t = torch.arange(cfg.seg_len) / cfg.sample_rate
    f0 = 110 + 120 * torch.rand(cfg.batch, 1, 1)
    clean = sum(torch.sin(2 * math.pi * h * f0 * t) / h for h in (1, 2, 3)) * torch.hann_window(cfg.seg_len)
    clean = 0.4 * clean / clean.abs().amax(dim=-1, keepdim=True)
    babble = sum(torch.roll(clean, int(s), dims=0) * 0.5 for s in torch.randint(1, cfg.batch, (3,)))
    babble = babble + 0.05 * torch.randn_like(clean)
    snr = torch.empty(cfg.batch, 1, 1).uniform_(*cfg.snr_db)
    scale = clean.pow(2).mean(-1, keepdim=True).sqrt() / (babble.pow(2).mean(-1, keepdim=True).sqrt() * 10 ** (snr / 20))
    return clean, (clean + scale * babble).clamp(-1, 1)


def segmental_snr(enhanced, clean):
    err = (enhanced - clean).pow(2).mean(-1)
    return (10 * torch.log10(clean.pow(2).mean(-1) / (err + 1e-8))).mean()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=None)
    args = parser.parse_args()
    cfg = TrainConfig()
    if args.steps:
        cfg.steps = args.steps
    torch.manual_seed(0)
    gen, disc = Generator(cfg.gen), Discriminator(cfg.disc)
    opt_g = torch.optim.Adam(gen.parameters(), lr=cfg.lr_g, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(disc.parameters(), lr=cfg.lr_d, betas=(0.5, 0.999))
    penalty_fn = PENALTIES[cfg.penalty]

    for step in range(cfg.steps):
        clean, noisy = synth_batch(cfg)
        fake = gen(noisy).detach()
        d_loss = d_adv_loss(disc(clean, noisy), disc(fake, noisy))
        pen = penalty_fn(disc, clean, noisy)
        opt_d.zero_grad()
        (d_loss + 0.5 * cfg.gamma * pen).backward()
        opt_d.step()

        enhanced = gen(noisy)
        g_loss = g_adv_loss(disc(enhanced, noisy)) + cfg.l1_weight * reconstruction_loss(enhanced, clean)
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()

        with torch.no_grad():
            gain = segmental_snr(enhanced, clean) - segmental_snr(noisy, clean)
        print(f"step {step}: d={d_loss.item():.3f} r1={pen.item():.4f} g={g_loss.item():.3f} snr_gain={gain.item():+.2f} dB")


if __name__ == "__main__":
    main()
