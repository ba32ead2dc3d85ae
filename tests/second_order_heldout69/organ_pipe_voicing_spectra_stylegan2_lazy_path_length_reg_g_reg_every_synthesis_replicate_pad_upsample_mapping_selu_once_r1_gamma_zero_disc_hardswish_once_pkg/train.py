"""Train the organ-pipe voicing spectra GAN: cd <pkg> && python train.py"""
import logging

import torch

from config import CFG
from losses import StyleGAN2Loss
from networks import Discriminator, Generator

log = logging.getLogger("organ_gan")


def pipe_spectra(n, n_bins):
    k = torch.arange(1, n_bins + 1).float()
    brightness = 0.8 + 0.6 * torch.rand(n, 1)           # voicing: cut-up / mouth width
    odd_bias = torch.rand(n, 1)                          # stopped vs open pipes
    amp = -brightness * torch.log(k) - odd_bias * (k % 2 == 0).float()
    return (amp + 0.05 * torch.randn(n, n_bins)).unsqueeze(1) / 4.0


def build_phases(cfg):
    """(name, interval) pairs; a reg phase with interval N runs on steps where step % N == 0."""
    phases = [("Gmain", 1), ("Dmain", 1)]
    if cfg.pl_weight > 0:
        phases.append(("Greg", cfg.g_reg_every))
    if cfg.r1_gamma > 0:
        phases.append(("Dreg", cfg.d_reg_every))
    return phases


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    G, D = Generator(CFG), Discriminator(CFG)
    opt = {"G": torch.optim.Adam(G.parameters(), lr=CFG.lr, betas=(0.0, 0.99)),
           "D": torch.optim.Adam(D.parameters(), lr=CFG.lr, betas=(0.0, 0.99))}
    loss = StyleGAN2Loss(G, D, CFG)
    phases = build_phases(CFG)
    runs = {name: 0 for name, _ in phases}

    for step in range(CFG.steps):
        real = pipe_spectra(CFG.batch, CFG.n_bins)
        z = torch.randn(CFG.batch, CFG.z_dim)
        for name, interval in phases:
            if step % interval != 0:
                continue
            net = name[0]
            opt[net].zero_grad(set_to_none=True)
            loss.accumulate_gradients(name, real, z, gain=float(interval))
            if name == "Greg":
                g = G.layers[0].conv.weight.grad
                assert g is not None and g.abs().sum() > 0
            opt[net].step()
            runs[name] += 1
        log.info("step %d pl_mean %.4f", step, loss.pl_mean.item())
    log.info("phase runs: %s", runs)


if __name__ == "__main__":
    main()
