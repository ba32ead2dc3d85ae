"""Sliced score matching (SSM-VR, Song et al. 2019) of handpan tone-field partial spectra.

The score network uses a hand-written hard-swish autograd.Function (saves only the pre-activation, so the large
post-activation maps are not kept for backward); its backward is written with differentiable torch ops so the
second-order SSM objective still trains through it. Langevin sampling at the end generates new tunings.
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("handpan_ssm")

NOTE_PARTIALS = (1.0, 2.0, 3.0)  # fundamental, octave, compound fifth (ideal handpan tuning)


class MemoryLightHardswish(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.hardswish(x)

    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        mid = (2.0 * x + 3.0) / 6.0
        slope = torch.where(x < -3.0, torch.zeros_like(x), torch.where(x > 3.0, torch.ones_like(x), mid))
        return grad_out * slope


class SpectrumScoreNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.pad = nn.ReflectionPad1d(2)
        self.conv_in = nn.Conv1d(1, ch, kernel_size=5)
        self.sigma_embed = nn.Linear(1, ch)
        self.conv_mid = nn.Conv1d(ch, ch, kernel_size=3, padding=1)
        self.act_out = nn.SELU()
        self.conv_out = nn.Conv1d(ch, 1, kernel_size=3, padding=1)

    def forward(self, x, sigma):
        emb = self.sigma_embed(sigma.log()[:, None])[:, :, None]
        h = self.conv_in(self.pad(x)) + emb
        h = MemoryLightHardswish.apply(h)
        h = self.act_out(self.conv_mid(h))
        return self.conv_out(h) / sigma[:, None, None]


def ssm_vr_loss(net, x, sigma, n_particles=1):
    """E_v[ v^T (ds/dx) v + 0.5 ||s||^2 ] with Gaussian projections v."""
    x = x.repeat(n_particles, 1, 1).requires_grad_(True)
    sigma = sigma.repeat(n_particles)
    v = torch.randn_like(x)
    score = net(x, sigma)
    sv = (score * v).sum()
    grad_sv, = torch.autograd.grad(sv, x, create_graph=True)
    jac_term = (grad_sv * v).sum(dim=(1, 2))
    norm_term = 0.5 * score.pow(2).sum(dim=(1, 2))
    return (jac_term + norm_term).mean()


@torch.no_grad()
def tonefield_spectra(n, bins=32):
    """Log-magnitude spectra with three partials per note; detuning scatters the upper partials."""
    f0 = 3.0 + 2.0 * torch.rand(n, 1)
    detune = 0.15 * torch.randn(n, len(NOTE_PARTIALS))
    grid = torch.arange(bins).float()[None, :]
    spec = torch.zeros(n, bins)
    for k, ratio in enumerate(NOTE_PARTIALS):
        centre = f0 * ratio * (1.0 + detune[:, k:k + 1])
        spec += torch.exp(-0.5 * (grid - centre) ** 2) / (k + 1)
    return spec[:, None, :]


@torch.no_grad()
def annealed_langevin(net, n, sigmas, steps_per_sigma=3, eps=2e-3, bins=32):
    x = torch.rand(n, 1, bins)
    for s in sigmas:
        alpha = eps * (s / sigmas[-1]) ** 2
        sig = torch.full((n,), s)
        for _ in range(steps_per_sigma):
            x = x + 0.5 * alpha * net(x, sig) + math.sqrt(alpha) * torch.randn_like(x)
    return x


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--particles", type=int, default=2)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    sigmas = torch.logspace(0, -1.5, 5).tolist()
    net = SpectrumScoreNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(args.steps):
        clean = tonefield_spectra(args.batch)
        sigma = torch.tensor(sigmas)[torch.randint(0, len(sigmas), (args.batch,))]
        noisy = clean + sigma[:, None, None] * torch.randn_like(clean)
        loss = ssm_vr_loss(net, noisy, sigma, args.particles)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        assert net.conv_in.weight.grad is not None
        opt.step()
        log.info("step %d ssm-vr %.4f", step, loss.item())

    samples = annealed_langevin(net, 4, sigmas)
    log.info("sample peak bins %s", samples.squeeze(1).argmax(-1).tolist())


if __name__ == "__main__":
    main()
