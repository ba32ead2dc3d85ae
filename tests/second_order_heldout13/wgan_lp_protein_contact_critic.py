"""WGAN-LP for protein contact maps: a 2-D critic scores L x L contact maps and the Lipschitz penalty
(one-sided, Petzka et al.) is taken on random interpolates between real and generated maps."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import autograd


class ContactGenerator(nn.Module):
    def __init__(self, z_dim=64, base=8, ch=32):
        super().__init__()
        self.base, self.ch = base, ch
        self.fc = nn.Linear(z_dim, ch * base * base)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False),
            nn.Conv2d(ch, ch, 3, padding=1),
            nn.ReLU(),
            nn.Conv2d(ch, 1, 3, padding=1),
        )

    def forward(self, z):
        h = self.fc(z).view(z.size(0), self.ch, self.base, self.base)
        m = self.up(h)
        return torch.sigmoid(0.5 * (m + m.transpose(-1, -2)))


class ContactCritic(nn.Module):
    def __init__(self, ch=32, groups=4):
        super().__init__()
        self.conv1 = nn.Conv2d(1, ch, 5, padding=2)
        self.norm1 = nn.GroupNorm(groups, ch)
        self.act1 = nn.PReLU(ch)
        self.conv2 = nn.Conv2d(ch, 2 * ch, 3, stride=2, padding=1)
        self.act2 = nn.LeakyReLU(0.2)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(2 * ch, 1)

    def forward(self, x):
        h = self.act1(self.norm1(self.conv1(x)))
        h = self.act2(self.conv2(h))
        h = self.pool(h).flatten(1)
        return self.fc(h)


def lipschitz_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, 1, 1, device=real.device)
    interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    scores = critic(interp)
    grads = autograd.grad(outputs=scores, inputs=interp, grad_outputs=torch.ones_like(scores),
                          create_graph=True, retain_graph=True, only_inputs=True)[0]
    slopes = grads.flatten(1).norm(2, dim=1)
    return (torch.clamp(slopes - 1.0, min=0.0) ** 2).mean()


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=2)
    ap.add_argument("--length", type=int, default=32)
    ap.add_argument("--lp-weight", type=float, default=10.0)
    args = ap.parse_args(argv)
    G, D = ContactGenerator(base=args.length // 2), ContactCritic()
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for it in range(args.iters):
        real = (torch.rand(4, 1, args.length, args.length) > 0.9).float()
        fake = G(torch.randn(4, 64)).detach()
        d_loss = D(fake).mean() - D(real).mean() + args.lp_weight * lipschitz_penalty(D, real, fake)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = -D(G(torch.randn(4, 64))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"it {it} d={d_loss.item():.3f} g={g_loss.item():.3f}")


if __name__ == "__main__":
    main()
