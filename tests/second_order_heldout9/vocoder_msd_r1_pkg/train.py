"""Adversarial vocoder training: least-squares GAN + mel L1 + lazy R1 on real audio."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from models import DISCRIMINATORS, DiscConfig, MelGenerator
from regularizers import R1Penalty


class Replica(nn.Module):
    """Single-process stand-in for DistributedDataParallel."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *a, **kw):
        return self.module(*a, **kw)


def lsgan_d(real_scores, fake_scores):
    return sum(((r - 1) ** 2).mean() + (f ** 2).mean() for r, f in zip(real_scores, fake_scores))


def run(steps=2, batch=2, frames=8, hop=8):
    cfg = DiscConfig(kind="msd", pad="reflect", scales=2)
    D = Replica(DISCRIMINATORS[cfg.kind](cfg))
    G = MelGenerator()
    r1 = R1Penalty(gamma=5.0, every=1)
    opt_d = torch.optim.AdamW(D.parameters(), 2e-4, betas=(0.8, 0.99))
    opt_g = torch.optim.AdamW(G.parameters(), 2e-4, betas=(0.8, 0.99))
    for step in range(steps):
        mel = torch.randn(batch, 16, frames)
        wav = torch.randn(batch, 1, frames * hop)
        fake = G(mel)
        d_loss = lsgan_d(D(wav), D(fake.detach())) + r1(step, D.module, wav)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = sum(((f - 1) ** 2).mean() for f in D(fake)) + 45 * F.l1_loss(fake, wav)
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(step, d_loss.item(), g_loss.item())


if __name__ == "__main__":
    run()
