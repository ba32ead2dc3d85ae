"""Hessian Penalty (Peebles et al. 2020) for a disentangled lace-pattern generator.

The penalty is the variance of v^T H v over Rademacher vectors v, estimated with central
finite differences of the generator output: (G(z + eps v) - 2 G(z) + G(z - eps v)) / eps^2.
Only first-order gradients are needed to train it.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

Z_DIM, EPS, N_RADEMACHER, HP_WEIGHT = 6, 0.1, 2, 0.1


class LaceGenerator(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(Z_DIM, 2 * 8 * 4 * 4)
        self.glu = nn.GLU(dim=1)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv = nn.Conv2d(8, 1, 3, padding=1)

    def forward(self, z):
        h = self.glu(self.fc(z).view(-1, 16, 4, 4))
        h = F.relu6(self.conv(self.up(h)))
        return h / 6.0


class LaceCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 8, 3, stride=2, padding=1)
        self.fc = nn.Linear(8 * 4 * 4, 1)

    def forward(self, x):
        return self.fc(F.leaky_relu(self.conv(x), 0.2).flatten(1))


def hessian_penalty(gen, z):
    g0 = gen(z)
    quad = []
    for _ in range(N_RADEMACHER):
        v = EPS * (torch.randint(0, 2, z.shape).float() * 2 - 1)
        quad.append((gen(z + v) - 2 * g0 + gen(z - v)) / EPS ** 2)
    return torch.stack(quad).var(dim=0, unbiased=True).max()


def main():
    torch.manual_seed(0)
    gen, critic = LaceGenerator(), LaceCritic()
    g_opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
    d_opt = torch.optim.Adam(critic.parameters(), lr=2e-4)
    for step in range(3):
        real = torch.rand(8, 1, 8, 8)
        z = torch.randn(8, Z_DIM)
        d_loss = F.softplus(-critic(real)).mean() + F.softplus(critic(gen(z).detach())).mean()
        d_opt.zero_grad()
        d_loss.backward()
        d_opt.step()
        g_loss = F.softplus(-critic(gen(z))).mean() + HP_WEIGHT * hessian_penalty(gen, z)
        g_opt.zero_grad()
        g_loss.backward()
        g_opt.step()
        print(step, d_loss.item(), g_loss.item())


if __name__ == "__main__":
    main()
