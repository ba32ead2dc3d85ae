# Non-saturating GAN with R1 regularisation on 16x16 grey crops of humpback whale
# fluke trailing edges (photo-ID). Toy data: jagged edge profiles rendered as images.
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--r1-gamma", type=float, default=5.0)
    p.add_argument("--zdim", type=int, default=32)
    return p.parse_args()


class FlukeGenerator(nn.Module):
    def __init__(self, zdim=32, ch=32):
        super().__init__()
        self.fc = nn.Linear(zdim, ch * 4 * 4)
        self.net = nn.Sequential(
            nn.ConvTranspose2d(ch, ch // 2, 4, stride=2, padding=1),
            nn.BatchNorm2d(ch // 2),
            nn.ReLU(),
            nn.ConvTranspose2d(ch // 2, 1, 4, stride=2, padding=1),
            nn.Tanh(),
        )
        self.ch = ch

    def forward(self, z):
        return self.net(self.fc(z).view(-1, self.ch, 4, 4))


class FlukeDiscriminator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.stem = nn.Sequential(
            nn.ReflectionPad2d(1),
            nn.Conv2d(1, ch, 3),
            nn.LeakyReLU(0.2),
        )
        self.down = nn.Sequential(
            nn.ZeroPad2d(1),
            nn.Conv2d(ch, 2 * ch, 3, stride=2),
            nn.GroupNorm(4, 2 * ch),
            nn.LeakyReLU(0.2),
        )
        self.pool = nn.AdaptiveMaxPool2d(1)
        self.fc = nn.Linear(2 * ch, 1)

    def forward(self, x):
        h = self.down(self.stem(x))
        return self.fc(self.pool(h).flatten(1))


def r1_penalty(disc, real):
    real = real.detach().requires_grad_(True)
    logits = disc(real)
    grad_real, = torch.autograd.grad(outputs=logits.sum(), inputs=real, create_graph=True)
    return grad_real.pow(2).reshape(grad_real.size(0), -1).sum(1).mean(), logits


def fluke_batch(n):
    cols = torch.linspace(0, 6.28, 16)
    phase = torch.rand(n, 1) * 6.28
    notches = (torch.rand(n, 16) > 0.85).float() * 3.0
    edge = 8 + 2.5 * torch.sin(cols + phase) + notches
    rows = torch.arange(16).view(1, 16, 1).float()
    img = torch.sigmoid(2.0 * (rows - edge.unsqueeze(1)))
    return (img * 2 - 1).unsqueeze(1)


def main():
    args = parse_args()
    torch.manual_seed(0)
    G, D = FlukeGenerator(args.zdim), FlukeDiscriminator()
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.0, 0.99))
    for step in range(args.steps):
        real = fluke_batch(args.batch)
        z = torch.randn(args.batch, args.zdim)
        with torch.no_grad():
            fake = G(z)
        r1, real_logits = r1_penalty(D, real)
        d_loss = F.softplus(-real_logits).mean() + F.softplus(D(fake)).mean()
        opt_d.zero_grad()
        (d_loss + 0.5 * args.r1_gamma * r1).backward()
        opt_d.step()

        g_loss = F.softplus(-D(G(z))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"step {step} d {d_loss.item():.3f} r1 {r1.item():.3f} g {g_loss.item():.3f}")


if __name__ == "__main__":
    main()
