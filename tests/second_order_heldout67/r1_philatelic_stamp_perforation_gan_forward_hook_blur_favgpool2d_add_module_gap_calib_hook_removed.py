"""R1-regularised GAN on philatelic stamp perforation crops (comb / line / rouletted perfs).

The discriminator's strided convolutions get a BlurPool-style anti-aliasing low-pass attached
through forward hooks, so the blur never shows up in ``print(disc)``.  Before training, a feature
scale is calibrated with a temporary hook that squashes activations; that hook is removed through
its handle right after the no_grad calibration pass.
"""
import argparse
import logging
import math
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("perf_r1")


def blur_output_hook(module, inputs, output, kernel=3):
    """Low-pass the output of a strided conv (anti-aliased downsampling)."""
    return F.avg_pool2d(output, kernel, stride=1, padding=kernel // 2)


def squash_hook(module, inputs, output):
    return F.hardswish(output)


class PerforationDiscriminator(nn.Module):
    def __init__(self, ch=16, n_stages=3):
        super().__init__()
        self.body = nn.Sequential()
        c_in = 1
        for i in range(n_stages):
            c_out = ch * 2 ** i
            self.body.add_module(f"conv{i}", nn.Conv2d(c_in, c_out, 3, stride=2, padding=1))
            self.body.add_module(f"act{i}", nn.LeakyReLU(0.2))
            c_in = c_out
        self.add_module("pool", nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(c_in, 1)

    def forward(self, x):
        h = self.body(x)
        h = self.pool(h).flatten(1)
        return self.head(h)


class PerforationGenerator(nn.Module):
    def __init__(self, z_dim=32, ch=32):
        super().__init__()
        self.ch = ch
        self.fc = nn.Linear(z_dim, ch * 4 * 4)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(ch, ch // 2, 3, padding=1),
            nn.ReLU(),
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(ch // 2, 1, 3, padding=1),
        )

    def forward(self, z):
        h = self.fc(z).view(-1, self.ch, 4, 4)
        return torch.tanh(self.up(h))


def attach_antialias(disc, kernel):
    handles = []
    for name, m in disc.named_modules():
        if isinstance(m, nn.Conv2d) and m.stride != (1, 1):
            handles.append(m.register_forward_hook(partial(blur_output_hook, kernel=kernel)))
            log.debug("blur hook on %s", name)
    return handles


@torch.no_grad()
def calibrate_feature_scale(disc, batches):
    handles = [m.register_forward_hook(squash_hook)
               for m in disc.body if isinstance(m, nn.LeakyReLU)]
    scale = torch.stack([disc(b).abs().mean() for b in batches]).mean()
    for h in handles:
        h.remove()
    return scale


def synth_perforations(n, size=16, generator=None):
    """Light paper with dark holes along the top and left edge, random gauge (holes per 2 cm)."""
    yy, xx = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    imgs = torch.ones(n, 1, size, size)
    gauges = torch.randint(3, 6, (n,), generator=generator)
    for i in range(n):
        pitch = size / gauges[i].item()
        for k in range(int(gauges[i])):
            c = (k + 0.5) * pitch
            holes = ((xx - c) ** 2 + yy ** 2 < 2.2) | ((yy - c) ** 2 + xx ** 2 < 2.2)
            imgs[i, 0][holes] = -1.0
    return imgs + 0.05 * torch.randn(imgs.shape, generator=generator)


def r1_penalty(logits, real):
    grad, = torch.autograd.grad(logits.sum(), real, create_graph=True)
    return grad.pow(2).flatten(1).sum(1).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--r1-gamma", type=float, default=10.0)
    ap.add_argument("--r1-every", type=int, default=2)
    ap.add_argument("--blur", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)

    G, D = PerforationGenerator(), PerforationDiscriminator()
    attach_antialias(D, args.blur)
    calib = [synth_perforations(args.batch, generator=gen) for _ in range(2)]
    feat_scale = calibrate_feature_scale(D, calib)
    gamma = args.r1_gamma / max(feat_scale.item(), 1e-3)
    log.info("feature scale %.4f -> effective R1 gamma %.3f", feat_scale.item(), gamma)

    opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.0, 0.99))
    for step in range(args.steps):
        real = synth_perforations(args.batch, generator=gen).requires_grad_(True)
        z = torch.randn(args.batch, 32)
        fake = G(z).detach()
        d_real, d_fake = D(real), D(fake)
        loss_d = (F.binary_cross_entropy_with_logits(d_real, torch.ones_like(d_real))
                  + F.binary_cross_entropy_with_logits(d_fake, torch.zeros_like(d_fake)))
        lazy = step % args.r1_every == 0
        if lazy:
            r1 = r1_penalty(d_real, real)
            loss_d = loss_d + 0.5 * gamma * args.r1_every * r1
        opt_d.zero_grad(set_to_none=True)
        loss_d.backward()
        opt_d.step()
        if lazy:
            gnorm = math.sqrt(sum(p.grad.pow(2).sum().item() for p in D.parameters()))
            log.info("step %d r1 %.3e |grad D| %.4f", step, r1.item(), gnorm)

        loss_g = F.softplus(-D(G(torch.randn(args.batch, 32)))).mean()
        opt_g.zero_grad(set_to_none=True)
        loss_g.backward()
        opt_g.step()
        log.info("step %d loss_d %.4f loss_g %.4f", step, loss_d.item(), loss_g.item())


if __name__ == "__main__":
    main()
