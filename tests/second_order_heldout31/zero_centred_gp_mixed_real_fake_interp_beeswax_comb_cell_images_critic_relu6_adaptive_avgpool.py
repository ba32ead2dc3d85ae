"""Zero-centred gradient penalty on a mixture of real and fake samples (beeswax comb cell images).

The penalty is taken at points drawn from a random convex mix of real and generated cells, as in
'Improving generalization and stability of GANs' (0-GP), rather than at the data points only.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

IMG = 16
Z_DIM = 8
GP_WEIGHT = 10.0


def make_critic(width=16):
    return nn.Sequential(
        nn.Conv2d(1, width, 3, padding=1),
        nn.ReLU6(),
        nn.Conv2d(width, width * 2, 3, stride=2, padding=1),
        nn.ReLU6(),
        nn.AdaptiveAvgPool2d((2, 2)),
        nn.Flatten(),
        nn.Linear(width * 2 * 4, 1),
    )


class CellGenerator(nn.Module):
    def __init__(self, z_dim=Z_DIM, width=16):
        super().__init__()
        self.fc = nn.Linear(z_dim, width * 4 * 4)
        self.act = nn.Hardswish()
        self.conv = nn.Conv2d(width, 1, 3, padding=1)
        self.width = width

    def forward(self, z):
        h = self.act(self.fc(z)).view(-1, self.width, 4, 4)
        h = F.interpolate(h, scale_factor=4, mode="bilinear", align_corners=True)
        return torch.tanh(self.conv(h))


def zero_centred_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, 1, 1)
    mix = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    out = critic(mix)
    grads, = torch.autograd.grad(out.sum(), mix, create_graph=True)
    return grads.flatten(1).pow(2).sum(1).mean()


def comb_batch(n):
    # toy hexagonal comb: cosine lattice with noise
    yy, xx = torch.meshgrid(torch.linspace(0, 6.28, IMG), torch.linspace(0, 6.28, IMG), indexing="ij")
    base = torch.cos(xx * 2) + torch.cos(xx + yy * 1.7) + torch.cos(xx - yy * 1.7)
    return (base / 3).expand(n, 1, IMG, IMG) + 0.1 * torch.randn(n, 1, IMG, IMG)


def main():
    torch.manual_seed(0)
    critic, gen = make_critic(), CellGenerator()
    opt_d = torch.optim.Adam(critic.parameters(), lr=2e-4, betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=2e-4, betas=(0.0, 0.9))
    for step in range(3):
        real = comb_batch(8)
        with torch.no_grad():
            fake = gen(torch.randn(8, Z_DIM))
        d_loss = F.softplus(critic(fake)).mean() + F.softplus(-critic(real)).mean()
        gp = zero_centred_penalty(critic, real, fake)
        opt_d.zero_grad()
        (d_loss + GP_WEIGHT * gp).backward()
        opt_d.step()

        g_loss = F.softplus(-critic(gen(torch.randn(8, Z_DIM)))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"step {step} d={d_loss.item():.3f} gp={gp.item():.4f} g={g_loss.item():.3f}")


if __name__ == "__main__":
    main()
