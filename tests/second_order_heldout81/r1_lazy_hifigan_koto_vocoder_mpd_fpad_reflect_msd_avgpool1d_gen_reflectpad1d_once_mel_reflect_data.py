"""HiFi-GAN-style vocoder for solo koto recordings, trained with lazy R1 on real waveforms.

Generator: MelGAN/HiFi-GAN upsampler (ReflectionPad1d -> ConvTranspose1d -> residual dilated blocks).
Discriminators: multi-period (reshape to 2-D with reflect padding) + multi-scale (AvgPool1d downsampling).
Every `--r1-interval` steps the discriminator gets an R1 penalty on the real waveform (create_graph=True).
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import spectral_norm, weight_norm

log = logging.getLogger("koto_vocoder")
LRELU_SLOPE = 0.1


# ----------------------------------------------------------------------------------------------------------
# feature extraction (runs on waveforms; real audio goes through it under no_grad)
# ----------------------------------------------------------------------------------------------------------
def mel_filterbank(n_fft, n_mels, sr):
    n_freqs = n_fft // 2 + 1
    hz = torch.linspace(0, sr / 2, n_freqs)
    mel = lambda f: 2595.0 * torch.log10(1.0 + f / 700.0)
    m_pts = torch.linspace(float(mel(torch.tensor(0.0))), float(mel(torch.tensor(sr / 2))), n_mels + 2)
    f_pts = 700.0 * (10 ** (m_pts / 2595.0) - 1.0)
    fb = torch.zeros(n_mels, n_freqs)
    for i in range(n_mels):
        lo, ce, hi = f_pts[i], f_pts[i + 1], f_pts[i + 2]
        up = (hz - lo) / (ce - lo + 1e-8)
        down = (hi - hz) / (hi - ce + 1e-8)
        fb[i] = torch.clamp(torch.minimum(up, down), min=0.0)
    return fb


class LogMel(nn.Module):
    def __init__(self, n_fft=64, hop=16, n_mels=20, sr=8000):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.register_buffer("fb", mel_filterbank(n_fft, n_mels, sr))

    def forward(self, wav):  # wav: (B, 1, T)
        pad = (self.n_fft - self.hop) // 2
        wav = F.pad(wav, (pad, pad), mode="reflect")
        frames = wav.squeeze(1).unfold(-1, self.n_fft, self.hop) * self.window  # (B, frames, n_fft)
        mag = torch.fft.rfft(frames, dim=-1).abs()
        mel = torch.matmul(mag, self.fb.t()).transpose(1, 2)  # (B, n_mels, frames)
        return torch.log(torch.clamp(mel, min=1e-5))


# ----------------------------------------------------------------------------------------------------------
# generator
# ----------------------------------------------------------------------------------------------------------
class ResBlock(nn.Module):
    def __init__(self, ch, kernel_size=3, dilations=(1, 3)):
        super().__init__()
        self.convs = nn.ModuleList(
            [weight_norm(nn.Conv1d(ch, ch, kernel_size, dilation=d, padding=d * (kernel_size - 1) // 2)) for d in dilations]
        )

    def forward(self, x):
        for conv in self.convs:
            x = x + conv(F.leaky_relu(x, LRELU_SLOPE))
        return x


class Generator(nn.Module):
    def __init__(self, n_mels=20, ch=32, upsample_rates=(4, 4)):
        super().__init__()
        self.pre = nn.Sequential(nn.ReflectionPad1d(3), weight_norm(nn.Conv1d(n_mels, ch, 7)))
        self.ups, self.blocks = nn.ModuleList(), nn.ModuleList()
        for r in upsample_rates:
            self.ups.append(weight_norm(nn.ConvTranspose1d(ch, ch // 2, 2 * r, stride=r, padding=r // 2)))
            ch //= 2
            self.blocks.append(ResBlock(ch))
        self.post = nn.Sequential(nn.LeakyReLU(0.2), nn.ReflectionPad1d(3), weight_norm(nn.Conv1d(ch, 1, 7)), nn.Tanh())

    def forward(self, mel):
        x = self.pre(mel)
        for up, block in zip(self.ups, self.blocks):
            x = block(up(F.leaky_relu(x, LRELU_SLOPE)))
        return self.post(x)


# ----------------------------------------------------------------------------------------------------------
# discriminators
# ----------------------------------------------------------------------------------------------------------
class PeriodDiscriminator(nn.Module):
    def __init__(self, period, ch=16):
        super().__init__()
        self.period = period
        self.convs = nn.ModuleList([
            weight_norm(nn.Conv2d(1, ch, (5, 1), (3, 1), padding=(2, 0))),
            weight_norm(nn.Conv2d(ch, 2 * ch, (5, 1), (3, 1), padding=(2, 0))),
            weight_norm(nn.Conv2d(2 * ch, 2 * ch, (3, 1), 1, padding=(1, 0))),
        ])
        self.conv_post = weight_norm(nn.Conv2d(2 * ch, 1, (3, 1), 1, padding=(1, 0)))

    def forward(self, x):
        fmap = []
        b, c, t = x.shape
        if t % self.period != 0:
            n_pad = self.period - (t % self.period)
            x = F.pad(x, (0, n_pad), "reflect")
            t = t + n_pad
        x = x.view(b, c, t // self.period, self.period)
        for conv in self.convs:
            x = F.leaky_relu(conv(x), LRELU_SLOPE)
            fmap.append(x)
        x = self.conv_post(x)
        fmap.append(x)
        return torch.flatten(x, 1, -1), fmap


class MultiPeriodDiscriminator(nn.Module):
    def __init__(self, periods=(2, 3, 5)):
        super().__init__()
        self.discriminators = nn.ModuleList([PeriodDiscriminator(p) for p in periods])

    def forward(self, y):
        return [d(y) for d in self.discriminators]


class ScaleDiscriminator(nn.Module):
    def __init__(self, use_spectral_norm=False, ch=16):
        super().__init__()
        norm_f = spectral_norm if use_spectral_norm else weight_norm
        self.convs = nn.ModuleList([
            norm_f(nn.Conv1d(1, ch, 15, 1, padding=7)),
            norm_f(nn.Conv1d(ch, 2 * ch, 41, 4, groups=4, padding=20)),
            norm_f(nn.Conv1d(2 * ch, 2 * ch, 5, 1, padding=2)),
        ])
        self.conv_post = norm_f(nn.Conv1d(2 * ch, 1, 3, 1, padding=1))

    def forward(self, x):
        fmap = []
        for conv in self.convs:
            x = F.leaky_relu(conv(x), LRELU_SLOPE)
            fmap.append(x)
        x = self.conv_post(x)
        fmap.append(x)
        return torch.flatten(x, 1, -1), fmap


class MultiScaleDiscriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.discriminators = nn.ModuleList(
            [ScaleDiscriminator(use_spectral_norm=True), ScaleDiscriminator(), ScaleDiscriminator()]
        )
        self.meanpools = nn.ModuleList([nn.AvgPool1d(4, 2, padding=2), nn.AvgPool1d(4, 2, padding=2)])

    def forward(self, y):
        outs = []
        for i, d in enumerate(self.discriminators):
            if i != 0:
                y = self.meanpools[i - 1](y)
            outs.append(d(y))
        return outs


# ----------------------------------------------------------------------------------------------------------
# losses
# ----------------------------------------------------------------------------------------------------------
def discriminator_loss(real_outs, fake_outs):
    loss = 0.0
    for (dr, _), (dg, _) in zip(real_outs, fake_outs):
        loss = loss + torch.mean((1 - dr) ** 2) + torch.mean(dg ** 2)
    return loss


def generator_loss(fake_outs):
    return sum(torch.mean((1 - dg) ** 2) for dg, _ in fake_outs)


def feature_loss(real_outs, fake_outs):
    loss = 0.0
    for (_, fr), (_, fg) in zip(real_outs, fake_outs):
        for a, b in zip(fr, fg):
            loss = loss + torch.mean(torch.abs(a.detach() - b))
    return 2.0 * loss


def r1_penalty(real_scores, real_wav):
    total = sum(s.sum() for s in real_scores)
    (grad,) = torch.autograd.grad(outputs=total, inputs=real_wav, create_graph=True)
    return grad.pow(2).reshape(grad.size(0), -1).sum(1).mean()


# ----------------------------------------------------------------------------------------------------------
def synth_koto_batch(batch, seg_len, sr, gen):
    """Plucked-string surrogate: a few decaying partials with a slight pitch bend."""
    t = torch.arange(seg_len) / sr
    f0 = 180.0 + 220.0 * torch.rand(batch, 1, generator=gen)
    decay = 3.0 + 4.0 * torch.rand(batch, 1, generator=gen)
    wav = torch.zeros(batch, seg_len)
    for k in range(1, 5):
        bend = 1.0 + 0.01 * torch.exp(-8.0 * t)
        wav = wav + (0.6 / k) * torch.sin(2 * math.pi * k * f0 * bend * t) * torch.exp(-decay * k * t)
    wav = wav + 0.01 * torch.randn(batch, seg_len, generator=gen)
    return (0.9 * wav / wav.abs().amax(1, keepdim=True)).unsqueeze(1)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=4)
    p.add_argument("--batch", type=int, default=2)
    p.add_argument("--segment", type=int, default=1024)
    p.add_argument("--sr", type=int, default=8000)
    p.add_argument("--r1-gamma", type=float, default=10.0)
    p.add_argument("--r1-interval", type=int, default=2)
    p.add_argument("--lambda-mel", type=float, default=45.0)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)

    frontend = LogMel(sr=args.sr)
    G = Generator()
    mpd, msd = MultiPeriodDiscriminator(), MultiScaleDiscriminator()
    opt_g = torch.optim.AdamW(G.parameters(), 2e-4, betas=(0.8, 0.99))
    opt_d = torch.optim.AdamW(list(mpd.parameters()) + list(msd.parameters()), 2e-4, betas=(0.8, 0.99))

    for step in range(args.steps):
        wav = synth_koto_batch(args.batch, args.segment, args.sr, gen)
        with torch.no_grad():
            mel = frontend(wav)
        fake = G(mel)[..., : args.segment]

        # ---- discriminator step (lazy R1 on real audio) ----
        real_wav = wav.clone().requires_grad_(True)
        real_outs = mpd(real_wav) + msd(real_wav)
        fake_outs = mpd(fake.detach()) + msd(fake.detach())
        loss_d = discriminator_loss(real_outs, fake_outs)
        r1 = torch.zeros(())
        if args.r1_gamma > 0 and step % args.r1_interval == 0:
            r1 = r1_penalty([s for s, _ in real_outs], real_wav)
            loss_d = loss_d + 0.5 * args.r1_gamma * args.r1_interval * r1
        opt_d.zero_grad(set_to_none=True)
        loss_d.backward()
        if step % args.r1_interval == 0:
            assert msd.discriminators[1].convs[0].weight_v.grad is not None
        opt_d.step()

        # ---- generator step ----
        real_outs = mpd(wav) + msd(wav)
        fake_outs = mpd(fake) + msd(fake)
        loss_mel = F.l1_loss(frontend(fake), mel)
        loss_g = generator_loss(fake_outs) + feature_loss(real_outs, fake_outs) + args.lambda_mel * loss_mel
        opt_g.zero_grad(set_to_none=True)
        loss_g.backward()
        opt_g.step()
        log.info("step %d  loss_d %.4f  r1 %.5f  loss_g %.4f  mel %.4f", step, loss_d.item(), r1.item(), loss_g.item(), loss_mel.item())


if __name__ == "__main__":
    main()
