"""Contractive autoencoder for CTD casts in a tidal estuary (salt-wedge vs. well-mixed regimes)."""
import torch

from config import ExperimentCfg
from encoders import build_autoencoder
from losses import ContractiveLoss, ReconstructionLoss


def ctd_casts(n, bins):
    depth = torch.linspace(0, 1, bins)
    wedge = torch.rand(n, 1)
    halocline = 0.3 + 0.4 * torch.rand(n, 1)
    salinity = 5 + 25 * torch.sigmoid((depth - halocline) * (5 + 40 * wedge))
    temperature = 14 - 4 * depth + 0.5 * torch.randn(n, 1)
    casts = torch.stack([(salinity - 18) / 10, (temperature - 12) / 2], 1)
    return casts + 0.02 * torch.randn_like(casts)


def main(cfg=ExperimentCfg()):
    torch.manual_seed(0)
    encoder, decoder = build_autoencoder(cfg.model)
    contractive = ContractiveLoss(cfg.loss.contractive_weight)
    recon_loss = ReconstructionLoss(cfg.loss.recon)
    opt = torch.optim.Adam(list(encoder.parameters()) + list(decoder.parameters()), lr=cfg.lr)
    for step in range(cfg.steps):
        x = ctd_casts(cfg.batch, cfg.model.depth_bins).requires_grad_(True)
        code = encoder(x)
        recon = decoder(code)
        loss = recon_loss(recon, x.detach()) + contractive(code, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
