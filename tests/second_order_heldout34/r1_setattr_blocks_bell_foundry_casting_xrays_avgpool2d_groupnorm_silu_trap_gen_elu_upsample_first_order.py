"""Non-saturating GAN with R1 penalty for X-ray crops of bell castings (porosity synthesis)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CastingDiscriminator(nn.Module):
    def __init__(self, channels=(1, 8, 16), r1_gamma=2.0):
        super().__init__()
        self.n_blocks = len(channels) - 1
        self.r1_gamma = r1_gamma
        for i in range(self.n_blocks):
            setattr(self, f"conv{i}", nn.Conv2d(channels[i], channels[i + 1], 3, padding=1))
            setattr(self, f"down{i}", nn.AvgPool2d(2))
        self.act = nn.SiLU()
        self.out_norm = nn.GroupNorm(4, channels[-1])
        self.head = nn.Linear(channels[-1] * 2 * 2, 1)

    def forward(self, x):
        for i in range(self.n_blocks):
            x = getattr(self, f"conv{i}")(x)
            x = self.act(x)
            x = getattr(self, f"down{i}")(x)
        return self.head(self.out_norm(x).flatten(1))


class CastingGenerator(nn.Module):
    def __init__(self, z_dim=6):
        super().__init__()
        self.fc = nn.Linear(z_dim, 8 * 4 * 4)
        self.norm = nn.GroupNorm(2, 8)
        self.up = nn.Upsample(scale_factor=2)
        self.to_img = nn.Conv2d(8, 1, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(-1, 8, 4, 4)
        h = F.elu(self.norm(h))
        return torch.sigmoid(self.to_img(self.up(h)))


def r1_term(disc, real):
    real = real.detach().requires_grad_(True)
    logits = disc(real)
    (g,) = torch.autograd.grad(logits.sum(), real, create_graph=True)
    return 0.5 * disc.r1_gamma * g.pow(2).sum(dim=[1, 2, 3]).mean(), logits


def train(steps=3):
    torch.manual_seed(1)
    D, G = CastingDiscriminator(), CastingGenerator()
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    xrays = torch.rand(32, 1, 8, 8)
    for it in range(steps):
        real = xrays[it * 8:(it + 1) * 8]
        fake = G(torch.randn(8, 6))
        penalty, real_logits = r1_term(D, real)
        d_loss = F.softplus(D(fake.detach())).mean() + F.softplus(-real_logits).mean() + penalty
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = F.softplus(-D(fake)).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(it, d_loss.item(), g_loss.item())


if __name__ == "__main__":
    train()
