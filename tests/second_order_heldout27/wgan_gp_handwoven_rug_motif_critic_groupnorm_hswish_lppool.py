# WGAN-GP on 16x16 colour patches of handwoven rug motifs (kilim border crops).
import random

import torch
import torch.nn as nn

CONFIG = {
    "patch": 16,
    "z_dim": 24,
    "width": 16,
    "n_critic": 2,
    "gp_weight": 10.0,
    "iters": 3,
    "batch": 6,
    "lr": 1e-4,
}


class MotifGenerator(nn.Module):
    def __init__(self, z_dim, width):
        super().__init__()
        self.width = width
        self.fc = nn.Linear(z_dim, width * 4 * 4)
        self.up = nn.Sequential(
            nn.ConvTranspose2d(width, width // 2, 4, stride=2, padding=1),
            nn.BatchNorm2d(width // 2),
            nn.ReLU(),
            nn.ConvTranspose2d(width // 2, 3, 4, stride=2, padding=1),
            nn.Tanh(),
        )

    def forward(self, z):
        h = self.fc(z).view(z.size(0), self.width, 4, 4)
        return self.up(h)


class MotifCritic(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1),
            nn.GroupNorm(4, width),
            nn.Hardswish(),
            nn.Conv2d(width, width, 3, stride=2, padding=1),
            nn.LPPool2d(2, kernel_size=2),
        )
        self.score = nn.Linear(width * 4 * 4, 1)

    def forward(self, x):
        return self.score(self.features(x).flatten(1))


def sample_motifs(n, size):
    # synthetic stripes + lozenges standing in for scanned rug borders
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    out = []
    for _ in range(n):
        period = random.choice([4, 8])
        stripes = torch.sin(2 * torch.pi * yy / period)
        lozenge = ((xx - size / 2).abs() + (yy - size / 2).abs() < random.randint(3, 7)).float()
        img = torch.stack([stripes, lozenge * 2 - 1, stripes * lozenge])
        out.append(img + 0.05 * torch.randn_like(img))
    return torch.stack(out).clamp(-1, 1)


def gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, 1, 1)
    mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    scores = critic(mixed)
    grads = torch.autograd.grad(
        outputs=scores,
        inputs=mixed,
        grad_outputs=torch.ones_like(scores),
        create_graph=True,
        retain_graph=True,
    )[0]
    return ((grads.view(grads.size(0), -1).norm(2, dim=1) - 1) ** 2).mean()


def main(cfg=CONFIG):
    torch.manual_seed(0)
    random.seed(0)
    gen = MotifGenerator(cfg["z_dim"], cfg["width"])
    critic = MotifCritic(cfg["width"])
    opt_g = torch.optim.Adam(gen.parameters(), lr=cfg["lr"], betas=(0.0, 0.9))
    opt_c = torch.optim.Adam(critic.parameters(), lr=cfg["lr"], betas=(0.0, 0.9))
    for it in range(cfg["iters"]):
        for _ in range(cfg["n_critic"]):
            real = sample_motifs(cfg["batch"], cfg["patch"])
            fake = gen(torch.randn(cfg["batch"], cfg["z_dim"])).detach()
            w_dist = critic(real).mean() - critic(fake).mean()
            gp = gradient_penalty(critic, real, fake)
            loss_c = -w_dist + cfg["gp_weight"] * gp
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        fake = gen(torch.randn(cfg["batch"], cfg["z_dim"]))
        loss_g = -critic(fake).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"iter {it} critic {loss_c.item():.3f} gp {gp.item():.3f} gen {loss_g.item():.3f}")


if __name__ == "__main__":
    main()
