"""Stage 1: VAE on chromatograms. Stage 2: latent EBM prior by DSM on detached VAE means. Stage 3: Langevin samples."""
import logging

import torch

from config import cfg
from energy import LatentEnergy, dsm_loss, score
from vae import ChromVAE

log = logging.getLogger("hplc_latent_ebm")


def synth_chromatograms(n, length, gen):
    t = torch.linspace(0, 1, length)
    n_peaks = 4
    centers = torch.rand(n, n_peaks, 1, generator=gen) * 0.8 + 0.1
    widths = 0.01 + 0.02 * torch.rand(n, n_peaks, 1, generator=gen)
    heights = torch.rand(n, n_peaks, 1, generator=gen)
    tail = 1 + 0.5 * torch.rand(n, n_peaks, 1, generator=gen)
    d = t - centers
    peaks = heights * torch.exp(-0.5 * (d / (widths * torch.where(d > 0, tail, torch.ones_like(tail)))) ** 2)
    return (peaks.sum(1) + 0.01 * torch.randn(n, length, generator=gen)).unsqueeze(1)


def train_vae(vae, gen):
    opt = torch.optim.Adam(vae.parameters(), lr=cfg.lr_vae)
    for step in range(cfg.vae_steps):
        x = synth_chromatograms(cfg.batch, cfg.trace_len, gen)
        loss, rec, kl = vae.loss(x, cfg.beta_kl)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("[vae] step %d rec %.3f kl %.3f", step, rec.item(), kl.item())


def train_prior(vae, energy, gen):
    vae.eval()
    sigmas = torch.tensor(cfg.sigmas)
    opt = torch.optim.Adam(energy.parameters(), lr=cfg.lr_ebm)
    for step in range(cfg.ebm_steps):
        x = synth_chromatograms(cfg.batch, cfg.trace_len, gen)
        with torch.no_grad():
            mu, _ = vae.encoder(x)
        loss = dsm_loss(energy, mu.detach(), sigmas, gen)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        g_inp = energy.inp.weight.grad.abs().sum().item()
        opt.step()
        log.info("[prior] step %d dsm %.4f |dE_inp| %.3e", step, loss.item(), g_inp)
    assert g_inp > 0


def langevin_decode(vae, energy, n, gen):
    z = torch.randn(n, cfg.latent_dim, generator=gen)
    idx = torch.zeros(n, dtype=torch.long)
    for _ in range(cfg.langevin_steps):
        s = score(energy, z, idx, create_graph=False)
        z = (z + cfg.langevin_step_size * s
             + (2 * cfg.langevin_step_size) ** 0.5 * torch.randn(z.shape, generator=gen)).detach()
    with torch.no_grad():
        return vae.decoder(z)


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    vae = ChromVAE(cfg.vae_width, cfg.latent_dim, cfg.trace_len)
    energy = LatentEnergy(cfg.latent_dim, cfg.ebm_hidden, len(cfg.sigmas))
    train_vae(vae, gen)
    vae.requires_grad_(False)
    train_prior(vae, energy, gen)
    samples = langevin_decode(vae, energy, 4, gen)
    log.info("samples %s max %.3f", tuple(samples.shape), samples.max().item())


if __name__ == "__main__":
    main()
