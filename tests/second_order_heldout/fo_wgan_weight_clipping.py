"""Original WGAN with weight clipping (no gradient penalty); the critic-gradient norm is only monitored."""
import torch
from torch import nn
import torch.nn.functional as F


class ClipCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 64, 3, padding=1)
        self.conv2 = nn.Conv2d(64, 128, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(128, 1)

    def forward(self, x):
        h = self.pool(F.elu(self.conv1(x)))
        h = F.interpolate(h, scale_factor=0.5, mode="bilinear", align_corners=False)
        h = F.gelu(self.conv2(h), approximate="tanh")
        return self.fc(self.gap(h).flatten(1))


def grad_norm_monitor(critic, real, fake):
    a = torch.rand(real.size(0), 1, 1, 1)
    x = (a * real + (1 - a) * fake).requires_grad_(True)
    g = torch.autograd.grad(critic(x).sum(), x, create_graph=False)[0]
    return g.flatten(1).norm(dim=1).mean().item()


def train(critic, gen, loader, clip=0.01, n_critic=5):
    opt_c = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
    opt_g = torch.optim.RMSprop(gen.parameters(), lr=5e-5)
    for i, (real, _) in enumerate(loader):
        fake = gen(torch.randn(real.size(0), 100)).detach()
        loss_c = critic(fake).mean() - critic(real).mean()
        opt_c.zero_grad()
        loss_c.backward()
        opt_c.step()
        for p in critic.parameters():
            p.data.clamp_(-clip, clip)
        if i % 100 == 0:
            print("grad norm", grad_norm_monitor(critic, real, fake))
        if i % n_critic == 0:
            loss_g = -critic(gen(torch.randn(real.size(0), 100))).mean()
            opt_g.zero_grad()
            loss_g.backward()
            opt_g.step()
