"""WGAN-GP for PIV velocity snapshots of 2-D turbulence in a flowing soap-film tunnel (periodic patches).

The generator outputs a stream function psi, so u = (d psi/dy, -d psi/dx) is divergence-free by construction
(periodic central differences with torch.roll).  The critic sees the velocity plus its vorticity, computed
with circular padding and a 3x3 stencil.  The generator is also nudged towards the measured kinetic-energy
spectrum.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


def periodic_vorticity(uv, h=1.0):
    """omega = dv/dx - du/dy with periodic central differences (circular padding)."""
    p = F.pad(uv, (1, 1, 1, 1), mode="circular")
    dvdx = (p[:, 1:2, 1:-1, 2:] - p[:, 1:2, 1:-1, :-2]) / (2 * h)
    dudy = (p[:, 0:1, 2:, 1:-1] - p[:, 0:1, :-2, 1:-1]) / (2 * h)
    return dvdx - dudy


def curl_of_streamfunction(psi, h=1.0):
    dpsi_dy = (torch.roll(psi, -1, dims=2) - torch.roll(psi, 1, dims=2)) / (2 * h)
    dpsi_dx = (torch.roll(psi, -1, dims=3) - torch.roll(psi, 1, dims=3)) / (2 * h)
    return torch.cat([dpsi_dy, -dpsi_dx], 1)


def energy_spectrum(uv, n_bins):
    uh = torch.fft.rfft2(uv, norm="ortho")
    e = 0.5 * (uh.real ** 2 + uh.imag ** 2).sum(1)                       # B, H, W//2+1
    H, W = uv.shape[-2:]
    ky = torch.fft.fftfreq(H).abs().unsqueeze(1) * H
    kx = torch.fft.rfftfreq(W).unsqueeze(0) * W
    kbin = torch.sqrt(kx ** 2 + ky ** 2).round().long().clamp(max=n_bins - 1)
    spec = torch.zeros(uv.shape[0], n_bins).index_add_(1, kbin.flatten(), e.flatten(1))
    return spec.mean(0)


class Generator(nn.Module):
    def __init__(self, z_dim, ch):
        super().__init__()
        self.fc = nn.Linear(z_dim, ch * 4 * 4)
        self.ch = ch
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(ch, ch, 3, padding=1, padding_mode="circular"), nn.SiLU(),
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(ch, ch // 2, 3, padding=1, padding_mode="circular"), nn.SiLU(),
            nn.Conv2d(ch // 2, 1, 3, padding=1, padding_mode="circular"),
        )

    def forward(self, z):
        psi = self.up(self.fc(z).view(-1, self.ch, 4, 4))
        return curl_of_streamfunction(psi)


class Critic(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv1 = nn.Conv2d(3, ch, 3, padding=1)
        self.conv2 = nn.Conv2d(ch, 2 * ch, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.act = nn.LeakyReLU(0.2)
        self.fc = nn.Linear(2 * ch * 4 * 4, 1)

    def forward(self, uv):
        x = torch.cat([uv, periodic_vorticity(uv)], 1)
        x = self.pool(self.act(self.conv1(x)))
        x = self.pool(self.act(self.conv2(x)))
        return self.fc(x.flatten(1))


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.shape[0], 1, 1, 1)
    xhat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    g = torch.autograd.grad(critic(xhat).sum(), xhat, create_graph=True)[0]
    return ((g.flatten(1).norm(dim=1) - 1.0) ** 2).mean()


def synthetic_piv(n, size=16, n_modes=6, seed=0):
    """Random periodic stream functions with a k^-3 enstrophy-cascade-like spectrum, as stand-in PIV data."""
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    psi = torch.zeros(n, 1, size, size)
    for kx in range(1, n_modes):
        for ky in range(1, n_modes):
            k = (kx ** 2 + ky ** 2) ** 0.5
            a = torch.randn(n, 1, 1, 1, generator=g) * k ** -2.5
            ph = 2 * torch.pi * torch.rand(n, 1, 1, 1, generator=g)
            psi = psi + a * torch.cos(2 * torch.pi * (kx * xx + ky * yy) / size + ph)
    return curl_of_streamfunction(psi) * 4.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--z-dim", type=int, default=32)
    ap.add_argument("--ch", type=int, default=16)
    ap.add_argument("--n-critic", type=int, default=2)
    ap.add_argument("--gp", type=float, default=10.0)
    ap.add_argument("--w-spec", type=float, default=1.0)
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--batch", type=int, default=8)
    args = ap.parse_args()
    torch.manual_seed(0)
    data = synthetic_piv(64)
    target_spec = energy_spectrum(data, 12)
    G, D = Generator(args.z_dim, args.ch), Critic(args.ch)
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.0, 0.9))
    for it in range(args.iters):
        for _ in range(args.n_critic):
            real = data[torch.randint(0, len(data), (args.batch,))]
            with torch.no_grad():
                fake = G(torch.randn(args.batch, args.z_dim))
            gp = gradient_penalty(D, real, fake)
            d_loss = D(fake).mean() - D(real).mean() + args.gp * gp
            opt_d.zero_grad()
            d_loss.backward()
            opt_d.step()
        fake = G(torch.randn(args.batch, args.z_dim))
        spec = energy_spectrum(fake, 12)
        spec_loss = (torch.log(spec + 1e-8) - torch.log(target_spec + 1e-8)).pow(2).mean()
        g_loss = -D(fake).mean() + args.w_spec * spec_loss
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"iter {it}: d_loss {d_loss.item():.4f} gp {gp.item():.4f} g_loss {g_loss.item():.4f} spec {spec_loss.item():.3f}")


if __name__ == "__main__":
    main()
