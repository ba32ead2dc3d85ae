"""DRAGAN for coral-reef survey quadrat photos.

The dataset does CPU-side random erasing and resizing. The DRAGAN penalty is taken at perturbed real
samples; the perturbed batch is CutMix-ed with its own mirror image *after* it becomes the
differentiated variable, so the mixing sits between x_hat and the discriminator.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

log = logging.getLogger("reef")


class QuadratPhotos(Dataset):
    def __init__(self, n=48, raw=28, res=16, erase_p=0.5, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.raw = torch.rand(n, 3, raw, raw, generator=g)
        self.res, self.erase_p = res, erase_p

    def __len__(self):
        return len(self.raw)

    def __getitem__(self, i):
        img = self.raw[i].clone()
        if torch.rand(()) < self.erase_p:
            h, w = img.shape[1:]
            top, left = torch.randint(0, h // 2, ()), torch.randint(0, w // 2, ())
            mask = torch.zeros(h, w, dtype=torch.bool)
            mask[top:top + h // 4, left:left + w // 4] = True
            img = img.masked_fill(mask, 0.5)
        img = F.interpolate(img.unsqueeze(0), size=(self.res, self.res), mode="area").squeeze(0)
        img = F.adaptive_avg_pool2d(img, self.res)
        return img * 2 - 1


class SqueezeExcite(nn.Module):
    def __init__(self, ch, r=4):
        super().__init__()
        self.fc1 = nn.Linear(ch, ch // r)
        self.fc2 = nn.Linear(ch // r, ch)

    def forward(self, x):
        s = x.mean(dim=(2, 3))
        s = F.relu6(self.fc2(F.relu(self.fc1(s))) + 3.0) / 6.0
        return x * s[:, :, None, None]


class Critic(nn.Module):
    def __init__(self, ch=24):
        super().__init__()
        self.c1 = nn.Conv2d(3, ch, 4, 2, 1)
        self.a1 = nn.PReLU(ch)
        self.se = SqueezeExcite(ch)
        self.c2 = nn.Conv2d(ch, ch, 4, 2, 1)
        self.out = nn.Linear(ch * 4 * 4, 1)

    def forward(self, x):
        h = self.a1(self.c1(x))
        h = self.se(h)
        h = F.leaky_relu(self.c2(h), 0.2)
        return self.out(h.flatten(1))


class Gen(nn.Module):
    def __init__(self, z=32, ch=24):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z, ch * 4 * 4), nn.Unflatten(1, (ch, 4, 4)),
                                 nn.ConvTranspose2d(ch, ch, 4, 2, 1), nn.ReLU(),
                                 nn.ConvTranspose2d(ch, 3, 4, 2, 1), nn.Tanh())

    def forward(self, z):
        return self.net(z)


def cutmix_self(x, p=0.5):
    b, _, h, w = x.shape
    lam = torch.rand(b, 1, 1, 1)
    cut_w = (w * lam.sqrt()).long()
    xs = torch.arange(w).view(1, 1, 1, w)
    box = (xs < cut_w).to(x.dtype)
    apply = (torch.rand(b, 1, 1, 1) < p).to(x.dtype)
    box = box * apply
    return box * torch.flip(x, dims=[3]) + (1 - box) * x


def dragan_penalty(critic, real, k=1.0, c=0.5):
    noise = c * real.std() * torch.rand_like(real)
    alpha = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (alpha * real + (1 - alpha) * (real + noise)).detach().requires_grad_(True)
    out = critic(cutmix_self(x_hat))
    (g,) = torch.autograd.grad(out.sum(), x_hat, create_graph=True)
    return ((g.flatten(1).norm(dim=1) - k) ** 2).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--lam", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    loader = DataLoader(QuadratPhotos(), batch_size=8, shuffle=True, drop_last=True)
    D, G = Critic(), Gen()
    opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.5, 0.9))
    bce = nn.BCEWithLogitsLoss()
    it = iter(loader)
    for step in range(args.steps):
        try:
            real = next(it)
        except StopIteration:
            it = iter(loader)
            real = next(it)
        z = torch.randn(real.size(0), 32)
        d_real, d_fake = D(real), D(G(z).detach())
        d_loss = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
        gp = dragan_penalty(D, real)
        opt_d.zero_grad()
        (d_loss + args.lam * gp).backward()
        assert D.a1.weight.grad is not None and D.se.fc2.weight.grad is not None
        opt_d.step()
        g_out = D(G(z))
        g_loss = bce(g_out, torch.ones_like(g_out))
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        log.info("step %d d %.4f gp %.4f g %.4f", step, d_loss.item(), gp.item(), g_loss.item())


if __name__ == "__main__":
    main()
