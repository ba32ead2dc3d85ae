"""Synthetic emission spectra and first-stage supervised training of the production SpectrumNet
(returns an in-memory checkpoint)."""
import io
import logging

import torch
import torch.nn.functional as F

from models import SpectrumNet

log = logging.getLogger("neon.pretrain")

LINES = {
    0: [0.62, 0.66, 0.70, 0.74],        # neon: red-orange cluster
    1: [0.18, 0.30, 0.42, 0.55],        # argon + mercury: blue/green
    2: [0.35, 0.48, 0.65],              # helium
    3: [0.28, 0.52, 0.58],              # krypton
    4: [0.25, 0.45, 0.60, 0.78],        # phosphor coated: broad bands
}


def synth_spectra(cfg, n, generator):
    grid = torch.linspace(0, 1, cfg.n_bins)
    y = torch.randint(0, cfg.n_classes, (n,), generator=generator)
    x = torch.zeros(n, 1, cfg.n_bins)
    for i in range(n):
        width = 0.03 if int(y[i]) == 4 else 0.008
        for c in LINES[int(y[i])]:
            shift = 0.005 * torch.randn(1, generator=generator)
            x[i, 0] += torch.exp(-((grid - c - shift) / width) ** 2)
    x += 0.05 * torch.rand(n, 1, 1, generator=generator) + 0.02 * torch.randn(x.shape, generator=generator)
    return x, y


def pretrain(cfg, generator):
    net = SpectrumNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for step in range(cfg.pretrain_steps):
        x, y = synth_spectra(cfg, cfg.batch, generator)
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("pretrain %d ce %.4f", step, loss.item())
    buf = io.BytesIO()
    torch.save(net.state_dict(), buf)
    buf.seek(0)
    return buf
