"""Non-saturating GAN with R1 on real hide patches; G, D and the EMA generator are separate networks."""
import copy
import logging

import torch
import torch.nn.functional as F

from config import CFG
from discriminator import build_discriminator
from generator import HideGenerator

log = logging.getLogger("leather_gan")


def synthetic_hide_batch(n, size, channels, gen):
    """Brown grain texture with a random dark scar stripe (stand-in for the scanned hide patches)."""
    base = torch.tensor([0.45, 0.3, 0.2]).view(1, 3, 1, 1)[:, :channels]
    grain = 0.08 * torch.randn(n, channels, size, size, generator=gen)
    img = base + grain
    rows = torch.randint(0, size, (n,), generator=gen)
    for i in range(n):
        img[i, :, rows[i], :] -= 0.3
    return (img * 2 - 1).clamp(-1, 1)


def r1_penalty(d_real, real):
    (grad,) = torch.autograd.grad(d_real.sum(), real, create_graph=True)
    return grad.pow(2).sum(dim=(1, 2, 3)).mean()


@torch.no_grad()
def update_ema(ema, model, decay):
    for p_ema, p in zip(ema.parameters(), model.parameters()):
        p_ema.lerp_(p, 1.0 - decay)


@torch.no_grad()
def preview(g_ema, z):
    img = g_ema(z)
    return F.interpolate(img, scale_factor=4, mode="bilinear", align_corners=False)


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(CFG.seed)
    gen = torch.Generator().manual_seed(CFG.seed)
    G = HideGenerator(CFG.z_dim, CFG.g_width, CFG.channels)
    D = build_discriminator(CFG.discriminator, CFG.d_width, CFG.channels)
    G_ema = copy.deepcopy(G).eval().requires_grad_(False)
    opt_g = torch.optim.Adam(G.parameters(), lr=CFG.lr_g, betas=CFG.betas)
    opt_d = torch.optim.Adam(D.parameters(), lr=CFG.lr_d, betas=CFG.betas)
    fixed_z = torch.randn(4, CFG.z_dim)

    for step in range(CFG.steps):
        real = synthetic_hide_batch(CFG.batch_size, CFG.image_size, CFG.channels, gen)
        z = torch.randn(CFG.batch_size, CFG.z_dim)

        # discriminator step: logistic loss + R1 on the real patches
        real.requires_grad_(True)
        fake = G(z).detach()
        d_real, d_fake = D(real), D(fake)
        d_loss = F.softplus(d_fake).mean() + F.softplus(-d_real).mean()
        r1 = r1_penalty(d_real, real)
        if step == 0:
            (g_r1,) = torch.autograd.grad(r1, D.stem.weight, retain_graph=True)
            assert g_r1.abs().sum() > 0, "R1 must reach the discriminator weights"
        opt_d.zero_grad(set_to_none=True)
        (d_loss + 0.5 * CFG.r1_gamma * r1).backward()
        head_grad = D.head.weight.grad.abs().sum().item()
        opt_d.step()

        # generator step: first order through D and G
        g_loss = F.softplus(-D(G(z))).mean()
        opt_g.zero_grad(set_to_none=True)
        g_loss.backward()
        opt_g.step()
        update_ema(G_ema, G, CFG.ema_decay)

        log.info("step %d d_loss %.4f r1 %.3e g_loss %.4f |dD_head| %.3e", step, d_loss.item(), r1.item(),
                 g_loss.item(), head_grad)
    assert head_grad > 0
    log.info("preview %s", tuple(preview(G_ema, fixed_z).shape))


if __name__ == "__main__":
    main()
