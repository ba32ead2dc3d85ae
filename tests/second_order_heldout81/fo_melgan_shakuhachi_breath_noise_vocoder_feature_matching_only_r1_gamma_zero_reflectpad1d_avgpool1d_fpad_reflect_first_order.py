"""MelGAN vocoder for shakuhachi (bamboo flute) phrases: hinge loss + discriminator feature matching.

The R1 helper is kept from the HiFi-GAN recipe but this config trains without it (r1_gamma = 0.0);
the real-input gradient norm is only computed on a detached copy for logging.
"""
import argparse
import logging
import math
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import weight_norm

log = logging.getLogger("shakuhachi_melgan")


@dataclass
class TrainConfig:
    steps: int = 3
    batch: int = 2
    segment: int = 1024
    hop: int = 16
    n_mels: int = 16
    r1_gamma: float = 0.0
    fm_weight: float = 10.0
    log_input_grad: bool = True
    upsample: list = field(default_factory=lambda: [4, 4])


def frame_log_mel(wav, n_fft=64, hop=16, n_mels=16):
    wav = F.pad(wav, ((n_fft - hop) // 2, (n_fft - hop) // 2), mode="reflect")
    frames = wav.squeeze(1).unfold(-1, n_fft, hop) * torch.hann_window(n_fft)
    power = torch.fft.rfft(frames).abs() ** 2  # (B, F, n_fft//2+1)
    bands = power[..., 1:].reshape(*power.shape[:2], n_mels, -1).mean(-1)
    return torch.log(bands + 1e-5).transpose(1, 2)


class ResidualStack(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.blocks = nn.ModuleList([
            nn.Sequential(nn.LeakyReLU(0.2), nn.ReflectionPad1d(d), weight_norm(nn.Conv1d(ch, ch, 3, dilation=d)),
                          nn.LeakyReLU(0.2), weight_norm(nn.Conv1d(ch, ch, 1)))
            for d in (1, 3, 9)
        ])

    def forward(self, x):
        for block in self.blocks:
            x = x + block(x)
        return x


class MelGANGenerator(nn.Module):
    def __init__(self, cfg: TrainConfig, ch=32):
        super().__init__()
        layers = [nn.ReflectionPad1d(3), weight_norm(nn.Conv1d(cfg.n_mels, ch, 7))]
        for r in cfg.upsample:
            layers += [nn.LeakyReLU(0.2), weight_norm(nn.ConvTranspose1d(ch, ch // 2, 2 * r, r, padding=r // 2)),
                       ResidualStack(ch // 2)]
            ch //= 2
        layers += [nn.LeakyReLU(0.2), nn.ReflectionPad1d(3), weight_norm(nn.Conv1d(ch, 1, 7)), nn.Tanh()]
        self.net = nn.Sequential(*layers)

    def forward(self, mel):
        return self.net(mel)


class NLayerDiscriminator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.layers = nn.ModuleList([
            nn.Sequential(nn.ReflectionPad1d(7), weight_norm(nn.Conv1d(1, ch, 15)), nn.LeakyReLU(0.2)),
            nn.Sequential(weight_norm(nn.Conv1d(ch, 2 * ch, 41, 4, padding=20, groups=4)), nn.LeakyReLU(0.2)),
            nn.Sequential(weight_norm(nn.Conv1d(2 * ch, 2 * ch, 5, 1, padding=2)), nn.LeakyReLU(0.2)),
            weight_norm(nn.Conv1d(2 * ch, 1, 3, 1, padding=1)),
        ])

    def forward(self, x):
        feats = []
        for layer in self.layers:
            x = layer(x)
            feats.append(x)
        return feats


class MultiScaleDiscriminator(nn.Module):
    def __init__(self, n_scales=3):
        super().__init__()
        self.models = nn.ModuleList([NLayerDiscriminator() for _ in range(n_scales)])
        self.downsample = nn.AvgPool1d(4, stride=2, padding=1, count_include_pad=False)

    def forward(self, x):
        results = []
        for m in self.models:
            results.append(m(x))
            x = self.downsample(x)
        return results


def r1_penalty(d_real, real):
    score = sum(feats[-1].sum() for feats in d_real)
    (g,) = torch.autograd.grad(score, real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean()


def input_grad_norm_for_logging(D, real):
    probe = real.detach().clone().requires_grad_(True)
    score = sum(feats[-1].sum() for feats in D(probe))
    (g,) = torch.autograd.grad(score, probe)
    return g.flatten(1).norm(dim=1).mean().item()


def breathy_phrase(batch, length, sr, gen):
    t = torch.arange(length) / sr
    f0 = 300 + 200 * torch.rand(batch, 1, generator=gen)
    vib = 1 + 0.01 * torch.sin(2 * math.pi * 5.5 * t)
    tone = torch.sin(2 * math.pi * f0 * vib * t) + 0.3 * torch.sin(4 * math.pi * f0 * vib * t)
    breath = 0.2 * torch.randn(batch, length, generator=gen)
    env = torch.sigmoid(30 * (t - 0.01)) * torch.sigmoid(30 * (t.max() - t - 0.01))
    return (0.5 * env * (tone + breath)).unsqueeze(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=TrainConfig.steps)
    cfg = TrainConfig(steps=ap.parse_args().steps)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)

    G, D = MelGANGenerator(cfg), MultiScaleDiscriminator()
    opt_g = torch.optim.Adam(G.parameters(), 1e-4, betas=(0.5, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), 1e-4, betas=(0.5, 0.9))
    for step in range(cfg.steps):
        wav = breathy_phrase(cfg.batch, cfg.segment, 8000, gen)
        mel = frame_log_mel(wav, hop=cfg.hop, n_mels=cfg.n_mels)
        fake = G(mel)[..., : cfg.segment]

        real_in = wav.requires_grad_(cfg.r1_gamma > 0)
        d_real, d_fake = D(real_in), D(fake.detach())
        loss_d = sum(F.relu(1 - r[-1]).mean() + F.relu(1 + f[-1]).mean() for r, f in zip(d_real, d_fake))
        if cfg.r1_gamma > 0:
            loss_d = loss_d + 0.5 * cfg.r1_gamma * r1_penalty(d_real, real_in)
        opt_d.zero_grad(); loss_d.backward(); opt_d.step()

        d_fake = D(fake)
        with torch.no_grad():
            d_real = D(wav)
        adv = sum(-f[-1].mean() for f in d_fake)
        fm = sum(F.l1_loss(ff, rf) for fs, rs in zip(d_fake, d_real) for ff, rf in zip(fs[:-1], rs[:-1]))
        loss_g = adv + cfg.fm_weight * fm
        opt_g.zero_grad(); loss_g.backward(); opt_g.step()

        gnorm = input_grad_norm_for_logging(D, wav) if cfg.log_input_grad else float("nan")
        log.info("step %d  D %.3f  G adv %.3f  fm %.3f  |dD/dx| %.4f", step, loss_d.item(), adv.item(), fm.item(), gnorm)


if __name__ == "__main__":
    main()
