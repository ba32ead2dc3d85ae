"""StyleGAN2-lite on 16x16 terracotta roof-tile texture crops, with lazy path-length regularisation.

Mapping network -> w, modulated convs in the synthesis network, non-saturating logistic loss.
Every `pl_every` generator steps the path-length penalty of Karras et al. (2020) is added.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

Z_DIM, W_DIM, NUM_WS = 16, 16, 3
BATCH, STEPS = 8, 3
PL_EVERY, PL_WEIGHT, PL_DECAY = 2, 2.0, 0.01


class MappingNetwork(nn.Module):
    def __init__(self, z_dim, w_dim, depth=2):
        super().__init__()
        layers = []
        for i in range(depth):
            layers += [nn.Linear(z_dim if i == 0 else w_dim, w_dim), nn.LeakyReLU(0.2)]
        self.net = nn.Sequential(*layers)

    def forward(self, z):
        z = F.normalize(z, dim=1) * math.sqrt(z.shape[1])
        return self.net(z)


class ModulatedConv(nn.Module):
    def __init__(self, cin, cout, w_dim, k=3, demod=True):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(cout, cin, k, k))
        self.affine = nn.Linear(w_dim, cin)
        self.demod, self.pad = demod, k // 2

    def forward(self, x, w):
        n, cin, h, wd = x.shape
        s = self.affine(w) + 1.0
        wgt = self.weight[None] * s[:, None, :, None, None]
        if self.demod:
            wgt = wgt * torch.rsqrt(wgt.pow(2).sum(dim=[2, 3, 4], keepdim=True) + 1e-8)
        x = x.reshape(1, n * cin, h, wd)
        out = F.conv2d(x, wgt.reshape(-1, cin, *wgt.shape[3:]), padding=self.pad, groups=n)
        return out.reshape(n, -1, h, wd)


class SynthesisNetwork(nn.Module):
    def __init__(self, w_dim, ch=16):
        super().__init__()
        self.const = nn.Parameter(torch.randn(1, ch, 4, 4))
        self.conv0 = ModulatedConv(ch, ch, w_dim)
        self.up1 = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv1 = ModulatedConv(ch, ch, w_dim)
        self.conv2 = ModulatedConv(ch, ch * 4, w_dim)
        self.up2 = nn.PixelShuffle(2)
        self.act = nn.LeakyReLU(0.2)
        self.to_rgb = ModulatedConv(ch, 3, w_dim, k=1, demod=False)

    def forward(self, ws):
        x = self.const.expand(ws.shape[0], -1, -1, -1)
        x = self.act(self.conv0(x, ws[:, 0]))
        x = self.up1(x)
        x = self.act(self.conv1(x, ws[:, 1]))
        x = self.up2(self.conv2(x, ws[:, 2]))
        return torch.tanh(self.to_rgb(x, ws[:, 2]))


class Discriminator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, ch, 3, padding=1), nn.Hardswish(),
            nn.Conv2d(ch, ch * 2, 3, stride=2, padding=1), nn.Hardswish(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(ch * 2, 1))

    def forward(self, img):
        return self.body(img)


def roof_tile_batch(n):
    """Stand-in for the crop loader: wavy stripes with a terracotta tint."""
    yy = torch.linspace(0, 2 * math.pi, 16).view(1, 1, 16, 1)
    phase = torch.rand(n, 1, 1, 1) * 6.28
    stripes = torch.sin(3 * yy + phase).expand(n, 1, 16, 16)
    tint = torch.tensor([0.8, 0.35, 0.2]).view(1, 3, 1, 1)
    return (stripes * tint + 0.05 * torch.randn(n, 3, 16, 16)).clamp(-1, 1)


def main():
    torch.manual_seed(0)
    mapping, synthesis, disc = MappingNetwork(Z_DIM, W_DIM), SynthesisNetwork(W_DIM), Discriminator()
    g_opt = torch.optim.Adam(list(mapping.parameters()) + list(synthesis.parameters()), lr=2e-3, betas=(0.0, 0.99))
    d_opt = torch.optim.Adam(disc.parameters(), lr=2e-3, betas=(0.0, 0.99))
    pl_mean = torch.zeros(())

    for step in range(STEPS):
        # --- discriminator
        with torch.no_grad():
            fake = synthesis(mapping(torch.randn(BATCH, Z_DIM)).unsqueeze(1).repeat(1, NUM_WS, 1))
        real = roof_tile_batch(BATCH)
        d_loss = F.softplus(disc(fake)).mean() + F.softplus(-disc(real)).mean()
        d_opt.zero_grad()
        d_loss.backward()
        d_opt.step()

        # --- generator
        ws = mapping(torch.randn(BATCH, Z_DIM)).unsqueeze(1).repeat(1, NUM_WS, 1)
        g_loss = F.softplus(-disc(synthesis(ws))).mean()
        g_opt.zero_grad()
        g_loss.backward()
        g_opt.step()

        if step % PL_EVERY == 0:
            ws = mapping(torch.randn(BATCH // 2, Z_DIM)).unsqueeze(1).repeat(1, NUM_WS, 1)
            img = synthesis(ws)
            pl_noise = torch.randn_like(img) / math.sqrt(img.shape[2] * img.shape[3])
            pl_grads, = torch.autograd.grad(outputs=(img * pl_noise).sum(), inputs=ws, create_graph=True)
            pl_lengths = pl_grads.square().sum(2).mean(1).sqrt()
            pl_mean = pl_mean.lerp(pl_lengths.mean().detach(), PL_DECAY)
            pl_penalty = (pl_lengths - pl_mean).square().mean()
            g_opt.zero_grad()
            (pl_penalty * PL_WEIGHT * PL_EVERY).backward()
            g_opt.step()
        print(f"step {step}: d={d_loss.item():.3f} g={g_loss.item():.3f} pl_mean={pl_mean.item():.4f}")


if __name__ == "__main__":
    main()
