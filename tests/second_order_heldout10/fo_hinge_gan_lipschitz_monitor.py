# Hinge-loss GAN on texture crops. Every few iterations we log an empirical Lipschitz estimate of the
# critic: the max gradient norm on interpolates of real and fake crops. The estimate is computed on
# detached copies with create_graph=False and never enters the loss.
import torch
import torch.nn as nn
import torch.nn.functional as F

Z = 32


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 32, 3, padding=1), nn.GroupNorm(8, 32), nn.LeakyReLU(0.2),
            nn.LPPool2d(2, 2),
            nn.Conv2d(32, 64, 3, padding=1), nn.GroupNorm(8, 64), nn.LeakyReLU(0.2),
            nn.LPPool2d(2, 2),
        )
        self.out = nn.Linear(64, 1)

    def forward(self, x):
        return self.out(self.net(x).mean((2, 3)))


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(Z, 64 * 4 * 4)
        self.up = nn.Sequential(nn.Upsample(scale_factor=2), nn.Conv2d(64, 32, 3, padding=1), nn.ReLU(),
                                nn.Upsample(scale_factor=2), nn.Conv2d(32, 3, 3, padding=1), nn.Tanh())

    def forward(self, z):
        return self.up(self.fc(z).view(-1, 64, 4, 4))


@torch.enable_grad()
def lipschitz_estimate(critic, real, fake):
    a = torch.rand(real.size(0), 1, 1, 1)
    mid = (a * real.detach() + (1 - a) * fake.detach()).requires_grad_(True)
    g = torch.autograd.grad(critic(mid).sum(), mid, create_graph=False)[0]
    return g.flatten(1).norm(dim=1).max().item()


G, D = Generator(), Critic()
opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.0, 0.9))
opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.0, 0.9))
for it in range(2):
    real = torch.rand(8, 3, 16, 16) * 2 - 1
    fake = G(torch.randn(8, Z))
    d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
    opt_d.zero_grad()
    d_loss.backward()
    opt_d.step()
    g_loss = -D(G(torch.randn(8, Z))).mean()
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
    print(it, d_loss.item(), g_loss.item(), "lip~", lipschitz_estimate(D, real, fake))
