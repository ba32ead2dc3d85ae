"""WGAN-GP (Gulrajani et al.) on 64x64 images; the critic is built with .to(device) and passed to a GP helper."""
import argparse

import torch
from torch import nn, optim
from torch.autograd import grad as torch_grad


class Critic(nn.Module):
    def __init__(self, img_channels=3, features=64):
        super().__init__()
        self.blocks = nn.Sequential(
            nn.Conv2d(img_channels, features, 4, 2, 1),
            nn.ELU(alpha=1.0),
            nn.Conv2d(features, features * 2, 4, 2, 1),
            nn.ELU(alpha=1.0),
            nn.Conv2d(features * 2, features * 4, 4, 2, 1),
            nn.ELU(alpha=1.0),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(features * 4, 1)

    def forward(self, x):
        h = self.blocks(x)
        return self.head(self.pool(h).flatten(1))


class Generator(nn.Module):
    def __init__(self, z_dim=100, img_channels=3, features=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.ConvTranspose2d(z_dim, features * 8, 4, 1, 0), nn.BatchNorm2d(features * 8), nn.ReLU(),
            nn.ConvTranspose2d(features * 8, features * 4, 4, 2, 1), nn.BatchNorm2d(features * 4), nn.ReLU(),
            nn.ConvTranspose2d(features * 4, features * 2, 4, 2, 1), nn.BatchNorm2d(features * 2), nn.ReLU(),
            nn.ConvTranspose2d(features * 2, features, 4, 2, 1), nn.BatchNorm2d(features), nn.ReLU(),
            nn.ConvTranspose2d(features, img_channels, 4, 2, 1), nn.Tanh(),
        )

    def forward(self, z):
        return self.net(z)


def compute_gradient_penalty(critic, real, fake, device):
    batch_size = real.shape[0]
    epsilon = torch.rand((batch_size, 1, 1, 1), device=device).expand_as(real)
    interpolated = real * epsilon + fake * (1 - epsilon)
    interpolated.requires_grad_(True)
    mixed_scores = critic(interpolated)
    gradient = torch_grad(
        inputs=interpolated,
        outputs=mixed_scores,
        grad_outputs=torch.ones_like(mixed_scores),
        create_graph=True,
        retain_graph=True,
    )[0]
    gradient = gradient.view(gradient.shape[0], -1)
    return torch.mean((gradient.norm(2, dim=1) - 1) ** 2)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--lambda-gp", type=float, default=10.0)
    args = parser.parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    gen = Generator().to(device)
    critic = Critic().to(device)
    opt_gen = optim.Adam(gen.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_critic = optim.Adam(critic.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for epoch in range(args.epochs):
        for _ in range(100):
            real = torch.randn(16, 3, 64, 64, device=device)
            for _ in range(5):
                noise = torch.randn(16, 100, 1, 1, device=device)
                fake = gen(noise)
                critic_real = critic(real).reshape(-1)
                critic_fake = critic(fake.detach()).reshape(-1)
                gp = compute_gradient_penalty(critic, real, fake.detach(), device)
                loss_critic = -(torch.mean(critic_real) - torch.mean(critic_fake)) + args.lambda_gp * gp
                opt_critic.zero_grad()
                loss_critic.backward()
                opt_critic.step()
            gen_fake = critic(gen(torch.randn(16, 100, 1, 1, device=device))).reshape(-1)
            loss_gen = -torch.mean(gen_fake)
            opt_gen.zero_grad()
            loss_gen.backward()
            opt_gen.step()


if __name__ == "__main__":
    main()
