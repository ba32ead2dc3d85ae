"""Non-saturating GAN with R1 (torch.func.vjp) and bCR on stalactite ring crops."""
import torch
import torch.nn.functional as F

from config import CFG
from nets import RingDiscriminator, RingGenerator
from penalties import bcr_term, r1_penalty


def ring_crops(n, size, gen):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    cx, cy = (0.2 * torch.randn(2, n, 1, 1, generator=gen))
    r = ((xx - cx) ** 2 + (yy - cy) ** 2).sqrt()
    freq = 6 + 3 * torch.rand(n, 1, 1, generator=gen)
    img = torch.cos(freq * r * 3.14159 + torch.rand(n, 1, 1, generator=gen) * 6.28)
    return (0.8 * img + 0.1 * torch.randn(n, size, size, generator=gen)).clamp(-1, 1).unsqueeze(1)


def main(cfg=CFG):
    gen = torch.Generator().manual_seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    data = ring_crops(256, cfg.image, gen)
    G, D = RingGenerator(cfg), RingDiscriminator(cfg)
    opt_g = torch.optim.Adam(G.parameters(), lr=cfg.lr_g, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(D.parameters(), lr=cfg.lr_d, betas=(0.0, 0.99))
    for it in range(cfg.iters):
        real = data[torch.randint(0, len(data), (cfg.batch,), generator=gen)]
        fake = G(torch.randn(cfg.batch, cfg.z_dim, generator=gen)).detach()
        d_adv = F.softplus(D(fake)).mean() + F.softplus(-D(real)).mean()
        r1 = r1_penalty(D, real)
        d_loss = d_adv + 0.5 * cfg.r1_gamma * r1 + cfg.bcr_weight * bcr_term(D, real, fake)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()

        g_loss = F.softplus(-D(G(torch.randn(cfg.batch, cfg.z_dim, generator=gen)))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"iter {it}  d_adv {d_adv.item():.3f}  r1 {r1.item():.4f}  g {g_loss.item():.3f}")


if __name__ == "__main__":
    main()
