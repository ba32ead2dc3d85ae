"""A small WGAN-GP on random 16x16 images (ms-scan example): the critic's AvgPool2d and tanh-GELU sit on
the gradient-penalty path, which MindSpore 2.10 cannot differentiate twice. Runs on CPU in seconds."""
from __future__ import annotations

import argparse

import torch
import torch.nn as nn
from torch import autograd


class Generator(nn.Module):
    def __init__(self, z_dim: int = 16, ch: int = 16) -> None:
        super().__init__()
        self.fc = nn.Linear(z_dim, ch * 4 * 4)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU(),
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, 1, 3, padding=1), nn.Tanh(),
        )
        self.ch = ch

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        return self.up(self.fc(z).view(-1, self.ch, 4, 4))


class Critic(nn.Module):
    def __init__(self, ch: int = 16) -> None:
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1),
            nn.LeakyReLU(0.2),
            nn.AvgPool2d(2),
            nn.Conv2d(ch, 2 * ch, 3, padding=1),
            nn.GELU(approximate="tanh"),
            nn.AvgPool2d(2),
        )
        self.head = nn.Linear(2 * ch * 4 * 4, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x).flatten(1))


def gradient_penalty(critic: nn.Module, real: torch.Tensor, fake: torch.Tensor) -> torch.Tensor:
    alpha = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    score = critic(x_hat)
    grads = autograd.grad(outputs=score, inputs=x_hat, grad_outputs=torch.ones_like(score),
                          create_graph=True, retain_graph=True)[0]
    return ((grads.flatten(1).norm(2, dim=1) - 1) ** 2).mean()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--n-critic", type=int, default=2)
    parser.add_argument("--lam", type=float, default=10.0)
    args = parser.parse_args()
    torch.manual_seed(0)
    gen, critic = Generator(), Critic()
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for step in range(args.steps):
        for _ in range(args.n_critic):
            real = torch.rand(args.batch, 1, 16, 16) * 2 - 1
            fake = gen(torch.randn(args.batch, 16)).detach()
            d_loss = critic(fake).mean() - critic(real).mean() + args.lam * gradient_penalty(critic, real, fake)
            opt_d.zero_grad()
            d_loss.backward()
            opt_d.step()
        g_loss = -critic(gen(torch.randn(args.batch, 16))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"step {step + 1}: d_loss={d_loss.item():.4f} g_loss={g_loss.item():.4f}")


if __name__ == "__main__":
    main()
