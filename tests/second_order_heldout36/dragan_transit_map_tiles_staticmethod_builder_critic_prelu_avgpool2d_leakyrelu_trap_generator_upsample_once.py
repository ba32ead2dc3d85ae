"""DRAGAN on small transit-map tiles (bus-stop glyphs on 16x16 rasters).

The critic is built by a @staticmethod builder; the penalty is taken around perturbed real samples only.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

LATENT = 16
LAMBDA_GP = 10.0
DRAGAN_C = 0.5


class TileNets:
    @staticmethod
    def critic(width=8):
        return nn.Sequential(
            nn.Conv2d(1, width, 3, padding=1),
            nn.PReLU(width),
            nn.AvgPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1),
            nn.LeakyReLU(0.2),
            nn.Flatten(),
            nn.Linear(2 * width * 8 * 8, 1),
        )

    @staticmethod
    def generator(width=8):
        return nn.Sequential(
            nn.Linear(LATENT, width * 8 * 8),
            nn.Unflatten(1, (width, 8, 8)),
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(width, 1, 3, padding=1),
            nn.Tanh(),
        )


def dragan_penalty(critic, real):
    std = real.std()
    noise = DRAGAN_C * std * torch.rand_like(real)
    alpha = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (real + alpha * noise).requires_grad_(True)
    scores = critic(x_hat)
    grads = torch.autograd.grad(scores.sum(), x_hat, create_graph=True)[0]
    return ((grads.flatten(1).norm(dim=1) - 1.0) ** 2).mean()


def fake_tiles(n):
    img = torch.zeros(n, 1, 16, 16)
    for i in range(n):
        r, c = torch.randint(2, 12, (2,)).tolist()
        img[i, 0, r:r + 3, c:c + 3] = 1.0
    return img * 2 - 1


def main(steps=3):
    torch.manual_seed(0)
    D, G = TileNets.critic(), TileNets.generator()
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.9))
    for step in range(steps):
        real = fake_tiles(8)
        z = torch.randn(8, LATENT)
        fake = G(z).detach()
        d_loss = F.softplus(D(fake)).mean() + F.softplus(-D(real)).mean()
        d_loss = d_loss + LAMBDA_GP * dragan_penalty(D, real)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()

        g_loss = F.softplus(-D(G(torch.randn(8, LATENT)))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"step {step} d={d_loss.item():.3f} g={g_loss.item():.3f}")


if __name__ == "__main__":
    main()
