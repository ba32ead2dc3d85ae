"""Train the marbled-paper generator: logistic GAN + lazy path-length regularisation."""
import math

import torch

import config
from losses import D_LOSSES, G_LOSSES, PathLengthPenalty
from models import Discriminator, Generator


@torch.no_grad()
def sample_suminagashi(n, res):
    """Concentric ink rings pushed around by a few random 'fan' strokes (stand-in for scans)."""
    ys, xs = torch.meshgrid(torch.linspace(-1, 1, res), torch.linspace(-1, 1, res), indexing="ij")
    out = []
    for _ in range(n):
        cx, cy, k = torch.rand(3) * 2 - 1
        warp = 0.3 * torch.sin(3 * ys + 6 * k) + 0.2 * torch.cos(2 * xs * (1 + k))
        r = torch.sqrt((xs - cx + warp) ** 2 + (ys - cy) ** 2)
        rings = torch.sin(12 * math.pi * r)
        ink = torch.stack([rings, 0.6 * rings, -0.3 * rings])
        out.append(ink)
    return torch.stack(out).clamp(-1, 1)


def main():
    torch.manual_seed(config.SEED)
    G, D = Generator(), Discriminator()
    opt_g = torch.optim.Adam(G.parameters(), lr=config.LR, betas=config.BETAS)
    opt_d = torch.optim.Adam(D.parameters(), lr=config.LR, betas=config.BETAS)
    d_loss_fn, g_loss_fn = D_LOSSES[config.D_LOSS], G_LOSSES[config.G_LOSS]
    pl = PathLengthPenalty(config.PL["weight"], config.PL["decay"])

    for step in range(config.STEPS):
        real = sample_suminagashi(config.BATCH, config.RES)
        with torch.no_grad():
            fake = G(torch.randn(config.BATCH, config.Z_DIM))
        loss_d = d_loss_fn(D(real), D(fake))
        opt_d.zero_grad(set_to_none=True)
        loss_d.backward()
        opt_d.step()

        loss_g = g_loss_fn(D(G(torch.randn(config.BATCH, config.Z_DIM))))
        pl_len = float("nan")
        if step % config.PL["interval"] == 0:
            z_pl = torch.randn(max(1, config.BATCH // config.PL["batch_shrink"]), config.Z_DIM)
            pl_term, pl_len = pl(G, z_pl)
            loss_g = loss_g + config.PL["interval"] * pl_term
        opt_g.zero_grad(set_to_none=True)
        loss_g.backward()
        opt_g.step()
        print(f"step {step}: D {loss_d.item():.4f}  G {loss_g.item():.4f}  |J^T y| {pl_len:.4f}  "
              f"a {pl.pl_mean.item():.4f}")


if __name__ == "__main__":
    main()
