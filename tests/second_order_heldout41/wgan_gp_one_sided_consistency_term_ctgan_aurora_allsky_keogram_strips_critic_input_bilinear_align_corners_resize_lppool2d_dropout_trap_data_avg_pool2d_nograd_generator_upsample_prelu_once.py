"""CT-GAN on all-sky camera keogram strips.

Keograms stack the north-south meridian slice of every all-sky frame over a night, so a strip is
time x geomagnetic latitude, with three emission channels (427.8 / 557.7 / 630.0 nm). We train a small
WGAN with the *one-sided* gradient penalty of Gulrajani et al. (only slopes above 1 are penalised) and
the consistency term of Wei et al. (2018), which compares two dropout-perturbed passes of the critic on
the same real strip.  The strips arrive at 20 x 36 and the critic resizes them to a square grid.
"""
import argparse
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


def parse_args():
    p = argparse.ArgumentParser(description="CT-GAN for auroral keograms")
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--n-critic", type=int, default=2)
    p.add_argument("--z-dim", type=int, default=32)
    p.add_argument("--res", type=int, default=24, help="critic working resolution")
    p.add_argument("--lambda-gp", type=float, default=10.0)
    p.add_argument("--lambda-ct", type=float, default=2.0)
    p.add_argument("--ct-margin", type=float, default=0.0)
    p.add_argument("--lr", type=float, default=2e-4)
    return p.parse_args()


@torch.no_grad()
def synth_keograms(n, h=20, w=36):
    """Arcs drifting equatorward plus a substorm brightening, smoothed like the real camera PSF."""
    t = torch.linspace(0, 1, w).view(1, 1, 1, w)
    lat = torch.linspace(-1, 1, h).view(1, 1, h, 1)
    centre = 0.4 - 0.6 * t * torch.rand(n, 1, 1, 1)
    arc = torch.exp(-((lat - centre) ** 2) / 0.05)
    onset = (t > torch.rand(n, 1, 1, 1) * 0.6 + 0.2).float()
    green = arc * (0.5 + 0.5 * onset)
    red = 0.6 * torch.exp(-((lat - centre - 0.25) ** 2) / 0.2)
    blue = 0.3 * arc * onset
    x = torch.cat([blue, green, red], dim=1) + 0.05 * torch.randn(n, 3, h, w)
    x = F.avg_pool2d(F.pad(x, (1, 1, 1, 1), mode="replicate"), 3, stride=1)
    return x.clamp(0, 1)


class KeogramGenerator(nn.Module):
    def __init__(self, z_dim, ch=32):
        super().__init__()
        self.ch = ch
        self.fc = nn.Linear(z_dim, ch * 5 * 9)
        self.body = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(ch, ch // 2, 3, padding=1),
            nn.PReLU(ch // 2),
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(ch // 2, 3, 3, padding=1),
        )

    def forward(self, z):
        h = self.fc(z).view(-1, self.ch, 5, 9)
        return torch.sigmoid(self.body(h))


class KeogramCritic(nn.Module):
    def __init__(self, res, ch=16, p_drop=0.3):
        super().__init__()
        self.res = res
        self.conv1 = nn.Conv2d(3, ch, 3, padding=1)
        self.conv2 = nn.Conv2d(ch, 2 * ch, 3, padding=1)
        self.pool = nn.LPPool2d(2, kernel_size=2)
        self.drop = nn.Dropout(p_drop)
        self.head = nn.Linear(2 * ch * (res // 4) ** 2, 1)

    def forward(self, x, return_feat=False):
        x = F.interpolate(x, size=(self.res, self.res), mode="bilinear", align_corners=True)
        h = self.drop(self.pool(F.leaky_relu(self.conv1(x), 0.2)))
        h = F.leaky_relu(self.conv2(h), 0.2)
        feat = self.drop(self.pool(h)).flatten(1)
        out = self.head(feat)
        return (out, feat) if return_feat else out


def one_sided_gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    d_hat = critic(x_hat)
    grads, = torch.autograd.grad(d_hat.sum(), x_hat, create_graph=True)
    slope = grads.flatten(1).norm(2, dim=1)
    return F.relu(slope - 1.0).pow(2).mean()


def consistency_term(critic, real, margin):
    d1, f1 = critic(real, return_feat=True)
    d2, f2 = critic(real, return_feat=True)
    ct = (d1 - d2).pow(2).squeeze(1) + 0.1 * (f1 - f2).pow(2).mean(1)
    return F.relu(ct - margin).mean()


def main():
    args = parse_args()
    torch.manual_seed(0)
    G, D = KeogramGenerator(args.z_dim), KeogramCritic(args.res)
    opt_g = torch.optim.Adam(G.parameters(), lr=args.lr, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=args.lr, betas=(0.0, 0.9))
    t0 = time.time()
    for step in range(args.steps):
        for _ in range(args.n_critic):
            real = synth_keograms(args.batch)
            with torch.no_grad():
                fake = G(torch.randn(args.batch, args.z_dim))
            d_real, d_fake = D(real).mean(), D(fake).mean()
            gp = one_sided_gradient_penalty(D, real, fake)
            ct = consistency_term(D, real, args.ct_margin)
            loss_d = d_fake - d_real + args.lambda_gp * gp + args.lambda_ct * ct
            opt_d.zero_grad(set_to_none=True)
            loss_d.backward()
            opt_d.step()
        z = torch.randn(args.batch, args.z_dim)
        loss_g = -D(G(z)).mean()
        opt_g.zero_grad(set_to_none=True)
        loss_g.backward()
        opt_g.step()
        w_est = (d_real - d_fake).item()
        print(f"step {step} W={w_est:.3f} gp={gp.item():.4f} ct={ct.item():.4f} "
              f"g={loss_g.item():.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
