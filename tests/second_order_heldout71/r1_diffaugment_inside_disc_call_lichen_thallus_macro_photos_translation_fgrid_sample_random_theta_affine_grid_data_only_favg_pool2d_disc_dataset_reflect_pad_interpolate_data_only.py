"""Low-data GAN on lichen thallus macro photographs with DiffAugment and an R1 penalty.

DiffAugment (Zhao et al. 2020) is applied to real and fake images inside every discriminator call, so the
R1 gradient w.r.t. the real images is taken *through* the augmentation.
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

log = logging.getLogger("lichen_gan")


class LichenMacroDataset(Dataset):
    """Synthetic stand-in for the macro photo folder: random crops, reflect-padded and resized on the CPU."""

    def __init__(self, n=64, raw=40, res=16, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.raw = torch.rand(n, 3, raw, raw, generator=g)
        self.res = res

    def __len__(self):
        return self.raw.shape[0]

    def __getitem__(self, i):
        img = self.raw[i]
        img = F.pad(img.unsqueeze(0), (4, 4, 4, 4), mode="reflect")
        img = F.interpolate(img, size=(self.res, self.res), mode="bilinear", align_corners=False)
        return img.squeeze(0) * 2.0 - 1.0


def rand_brightness(x):
    return x + (torch.rand(x.size(0), 1, 1, 1, device=x.device) - 0.5)


def rand_saturation(x):
    mean = x.mean(dim=1, keepdim=True)
    return (x - mean) * (torch.rand(x.size(0), 1, 1, 1, device=x.device) * 2) + mean


def rand_contrast(x):
    mean = x.mean(dim=[1, 2, 3], keepdim=True)
    return (x - mean) * (torch.rand(x.size(0), 1, 1, 1, device=x.device) + 0.5) + mean


def rand_translation(x, ratio=0.125):
    b = x.size(0)
    shift = (torch.rand(b, 2, device=x.device) * 2 - 1) * ratio * 2
    theta = torch.zeros(b, 2, 3, device=x.device)
    theta[:, 0, 0] = 1.0
    theta[:, 1, 1] = 1.0
    theta[:, :, 2] = shift
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    return F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)


def rand_cutout(x, ratio=0.5):
    b, _, h, w = x.shape
    ch, cw = int(h * ratio + 0.5), int(w * ratio + 0.5)
    cy = torch.randint(0, h - ch + 1, (b, 1, 1), device=x.device)
    cx = torch.randint(0, w - cw + 1, (b, 1, 1), device=x.device)
    yy = torch.arange(h, device=x.device).view(1, h, 1)
    xx = torch.arange(w, device=x.device).view(1, 1, w)
    inside = (yy >= cy) & (yy < cy + ch) & (xx >= cx) & (xx < cx + cw)
    return x * (~inside).unsqueeze(1).to(x.dtype)


AUGMENT_FNS = {
    "color": [rand_brightness, rand_saturation, rand_contrast],
    "translation": [rand_translation],
    "cutout": [rand_cutout],
}


def diff_augment(x, policy="color,translation,cutout"):
    for p in policy.split(","):
        for fn in AUGMENT_FNS[p]:
            x = fn(x)
    return x


class Generator(nn.Module):
    def __init__(self, z_dim=32, ch=32, res=16):
        super().__init__()
        self.ch, self.s = ch, res // 4
        self.fc = nn.Linear(z_dim, ch * self.s * self.s)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, ch, 3, padding=1), nn.LeakyReLU(0.2),
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, 3, 3, padding=1), nn.Tanh(),
        )

    def forward(self, z):
        return self.up(self.fc(z).view(-1, self.ch, self.s, self.s))


class Discriminator(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.c1 = nn.Conv2d(3, ch, 3, padding=1)
        self.c2 = nn.Conv2d(ch, ch * 2, 3, padding=1)
        self.head = nn.Linear(ch * 2 * 4 * 4, 1)

    def forward(self, x):
        h = F.leaky_relu(self.c1(x), 0.2)
        h = F.avg_pool2d(h, 2)
        h = F.leaky_relu(self.c2(h), 0.2)
        h = F.avg_pool2d(h, 2)
        return self.head(h.flatten(1))


def r1_penalty(d_out, x_real):
    (grad,) = torch.autograd.grad(d_out.sum(), x_real, create_graph=True)
    return grad.pow(2).flatten(1).sum(1).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--r1-gamma", type=float, default=1.0)
    ap.add_argument("--policy", default="color,translation,cutout")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    loader = DataLoader(LichenMacroDataset(), batch_size=args.batch, shuffle=True, drop_last=True)
    G, D = Generator(), Discriminator()
    opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.0, 0.99))

    step = 0
    while step < args.steps:
        for real in loader:
            z = torch.randn(real.size(0), 32)
            # discriminator step
            real = real.detach().requires_grad_(True)
            fake = G(z).detach()
            d_real = D(diff_augment(real, args.policy))
            d_fake = D(diff_augment(fake, args.policy))
            d_loss = F.softplus(d_fake).mean() + F.softplus(-d_real).mean()
            r1 = r1_penalty(d_real, real)
            opt_d.zero_grad(set_to_none=True)
            (d_loss + 0.5 * args.r1_gamma * r1).backward()
            assert D.c1.weight.grad is not None and D.c1.weight.grad.abs().sum() > 0
            opt_d.step()
            # generator step
            g_loss = F.softplus(-D(diff_augment(G(z), args.policy))).mean()
            opt_g.zero_grad(set_to_none=True)
            g_loss.backward()
            opt_g.step()
            log.info("step %d d_loss %.4f r1 %.4f g_loss %.4f", step, d_loss.item(), r1.item(), g_loss.item())
            step += 1
            if step >= args.steps:
                break
    assert math.isfinite(r1.item())


if __name__ == "__main__":
    main()
