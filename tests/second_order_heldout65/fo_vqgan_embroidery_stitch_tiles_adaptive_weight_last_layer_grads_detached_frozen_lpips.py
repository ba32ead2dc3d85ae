"""VQGAN tokenizer for embroidery stitch-pattern tiles (satin, chain, cross-stitch, French knots).

Networks: encoder / decoder with a vector-quantised codebook, a PatchGAN discriminator and a frozen random-feature
perceptual net. The generator's adversarial weight is set adaptively from the ratio of the reconstruction and GAN
gradient norms at the decoder's last layer (Esser et al. 2021): two torch.autograd.grad calls with retain_graph=True,
whose result is detached before it scales the loss. Nothing is differentiated twice.
"""
import argparse
import logging

import torch
import torch.nn.functional as F
from torch import nn

log = logging.getLogger("embroidery_vqgan")


class ResBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.n1, self.c1 = nn.GroupNorm(4, ch), nn.Conv2d(ch, ch, 3, padding=1)
        self.n2, self.c2 = nn.GroupNorm(4, ch), nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x):
        h = self.c1(F.silu(self.n1(x)))
        return x + self.c2(F.silu(self.n2(h)))


class Encoder(nn.Module):
    def __init__(self, ch=16, zdim=8):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), ResBlock(ch), nn.Conv2d(ch, ch, 4, 2, 1),
                                 ResBlock(ch), nn.GroupNorm(4, ch), nn.SiLU(), nn.Conv2d(ch, zdim, 1))

    def forward(self, x):
        return self.net(x)


class Decoder(nn.Module):
    def __init__(self, ch=16, zdim=8):
        super().__init__()
        self.inp = nn.Conv2d(zdim, ch, 3, padding=1)
        self.res1, self.res2 = ResBlock(ch), ResBlock(ch)
        self.norm = nn.GroupNorm(4, ch)
        self.conv_out = nn.Conv2d(ch, 3, 3, padding=1)

    def forward(self, z):
        h = self.res1(self.inp(z))
        h = F.interpolate(h, scale_factor=2, mode="nearest")
        h = self.res2(h)
        return self.conv_out(F.silu(self.norm(h)))


class VectorQuantizer(nn.Module):
    def __init__(self, n_codes=32, zdim=8, beta=0.25):
        super().__init__()
        self.codebook = nn.Embedding(n_codes, zdim)
        self.codebook.weight.data.uniform_(-1 / n_codes, 1 / n_codes)
        self.beta = beta

    def forward(self, z):
        zf = z.permute(0, 2, 3, 1).reshape(-1, z.shape[1])
        d = (zf.pow(2).sum(1, keepdim=True) - 2 * zf @ self.codebook.weight.t()
             + self.codebook.weight.pow(2).sum(1)[None])
        idx = d.argmin(1)
        zq = self.codebook(idx).view(z.shape[0], z.shape[2], z.shape[3], -1).permute(0, 3, 1, 2)
        vq_loss = F.mse_loss(zq, z.detach()) + self.beta * F.mse_loss(z, zq.detach())
        return z + (zq - z).detach(), vq_loss, idx


class PatchDiscriminator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(3, ch, 4, 2, 1), nn.LeakyReLU(0.2), nn.Conv2d(ch, 2 * ch, 4, 2, 1),
                                 nn.BatchNorm2d(2 * ch), nn.LeakyReLU(0.2), nn.Conv2d(2 * ch, 1, 3, padding=1))

    def forward(self, x):
        return self.net(x)


class FrozenPerceptual(nn.Module):
    """Random conv features as an LPIPS stand-in (weights would be loaded; frozen either way)."""

    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AvgPool2d(2), nn.Conv2d(8, 16, 3, padding=1))
        self.requires_grad_(False)

    def forward(self, a, b):
        fa, fb = F.normalize(self.f(a), dim=1), F.normalize(self.f(b), dim=1)
        return (fa - fb).pow(2).sum(1).mean()


def adaptive_weight(nll, g_loss, last_layer, max_weight=1e4):
    nll_grads = torch.autograd.grad(nll, last_layer, retain_graph=True)[0]
    g_grads = torch.autograd.grad(g_loss, last_layer, retain_graph=True)[0]
    d_weight = nll_grads.norm() / (g_grads.norm() + 1e-4)
    return d_weight.clamp(0.0, max_weight).detach()


def stitch_tiles(n, size, gen):
    yy, xx = torch.meshgrid(torch.linspace(0, 1, size), torch.linspace(0, 1, size), indexing="ij")
    kind = torch.randint(0, 4, (n,), generator=gen)
    freq = 6 + 4 * kind.float()
    pattern = torch.sin(freq[:, None, None] * torch.pi * (xx + (kind[:, None, None] % 2) * yy))
    thread = torch.rand(n, 3, 1, 1, generator=gen)
    return (thread * pattern.unsqueeze(1) + 0.05 * torch.randn(n, 3, size, size, generator=gen)).clamp(-1, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--size", type=int, default=16)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--disc-start", type=int, default=1)
    ap.add_argument("--perceptual-weight", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(17)
    gen = torch.Generator().manual_seed(17)
    enc, dec, vq = Encoder(), Decoder(), VectorQuantizer()
    disc, perceptual = PatchDiscriminator(), FrozenPerceptual()
    ae_params = list(enc.parameters()) + list(dec.parameters()) + list(vq.parameters())
    opt_ae = torch.optim.Adam(ae_params, lr=4.5e-4, betas=(0.5, 0.9))
    opt_d = torch.optim.Adam(disc.parameters(), lr=4.5e-4, betas=(0.5, 0.9))

    for step in range(args.steps):
        x = stitch_tiles(args.batch, args.size, gen)
        zq, vq_loss, idx = vq(enc(x))
        xrec = dec(zq)
        rec = (x - xrec).abs().mean() + args.perceptual_weight * perceptual(x, xrec)
        nll = rec
        use_gan = step >= args.disc_start
        if use_gan:
            g_loss = -disc(xrec).mean()
            d_weight = adaptive_weight(nll, g_loss, dec.conv_out.weight)
        else:
            g_loss, d_weight = torch.zeros(()), torch.zeros(())
        ae_loss = nll + d_weight * g_loss + vq_loss
        opt_ae.zero_grad(set_to_none=True)
        ae_loss.backward()
        opt_ae.step()

        if use_gan:
            logits_real, logits_fake = disc(x), disc(xrec.detach())
            d_loss = 0.5 * (F.relu(1.0 - logits_real).mean() + F.relu(1.0 + logits_fake).mean())
            opt_d.zero_grad(set_to_none=True)
            d_loss.backward()
            opt_d.step()
        log.info("step %d rec %.4f vq %.4f d_weight %.3f codes %d", step, rec.item(), vq_loss.item(),
                 float(d_weight), idx.unique().numel())


if __name__ == "__main__":
    main()
