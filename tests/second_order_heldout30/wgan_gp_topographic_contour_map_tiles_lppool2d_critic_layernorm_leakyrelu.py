"""WGAN-GP on 16x16 tiles cut from scanned topographic contour maps.

Gulrajani et al. (2017): the critic uses layer normalisation instead of batch norm and is
penalised on interpolates between real and generated tiles; n_critic = 3.
"""
import argparse

import torch
import torch.nn as nn

LATENT = 16


class Generator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.fc = nn.Linear(LATENT, ch * 4 * 4)
        self.net = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU(),
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, 1, 3, padding=1), nn.Tanh())
        self.ch = ch

    def forward(self, z):
        return self.net(self.fc(z).view(-1, self.ch, 4, 4))


class Critic(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1),
            nn.LeakyReLU(0.2),
            nn.LPPool2d(2, kernel_size=2),
            nn.Conv2d(ch, 2 * ch, 3, padding=1),
            nn.LayerNorm([2 * ch, 8, 8]),
            nn.LeakyReLU(0.2),
            nn.LPPool2d(2, kernel_size=2),
            nn.Flatten(),
            nn.Linear(2 * ch * 4 * 4, 1),
        )

    def forward(self, x):
        return self.net(x)


def gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, 1, 1)
    interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    scores = critic(interp)
    grads = torch.autograd.grad(outputs=scores.sum(), inputs=interp, create_graph=True, retain_graph=True)[0]
    return ((grads.flatten(1).norm(2, dim=1) - 1) ** 2).mean()


def contour_tiles(n):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 16), torch.linspace(-1, 1, 16), indexing="ij")
    cx, cy = torch.rand(n, 1, 1) - 0.5, torch.rand(n, 1, 1) - 0.5
    height = ((xx - cx) ** 2 + (yy - cy) ** 2).sqrt() * 6
    return (torch.cos(height * 3.1416) > 0.8).float().unsqueeze(1) * 2 - 1


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--iters", type=int, default=2)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--n-critic", type=int, default=3)
    p.add_argument("--lambda-gp", type=float, default=10.0)
    args = p.parse_args()

    torch.manual_seed(8)
    G, D = Generator(), Critic()
    g_opt = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))
    d_opt = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for it in range(args.iters):
        for _ in range(args.n_critic):
            real = contour_tiles(args.batch)
            fake = G(torch.randn(args.batch, LATENT)).detach()
            d_loss = D(fake).mean() - D(real).mean() + args.lambda_gp * gradient_penalty(D, real, fake)
            d_opt.zero_grad()
            d_loss.backward()
            d_opt.step()
        g_loss = -D(G(torch.randn(args.batch, LATENT))).mean()
        g_opt.zero_grad()
        g_loss.backward()
        g_opt.step()
        print(f"iter {it}: d={d_loss.item():.3f} g={g_loss.item():.3f}")


if __name__ == "__main__":
    main()
