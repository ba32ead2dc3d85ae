"""Conditional WGAN-GP on MNIST: the critic scores an image through class log-probabilities."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CondCritic(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 32, 3, 2, 1),
            nn.ELU(),
            nn.Conv2d(32, 64, 3, 2, 1),
            nn.ELU(),
            nn.Flatten(),
        )
        self.logits = nn.Linear(64 * 7 * 7, n_classes)
        self.bias = nn.Linear(64 * 7 * 7, 1)

    def forward(self, x, y):
        f = self.features(x)
        logp = F.log_softmax(self.logits(f), dim=1)
        picked = (logp * F.one_hot(y, 10).float()).sum(dim=1, keepdim=True)
        return picked + self.bias(f)


class CondGen(nn.Module):
    def __init__(self, nz=64):
        super().__init__()
        self.emb = nn.Embedding(10, nz)
        self.net = nn.Sequential(nn.Linear(nz, 512), nn.ReLU(), nn.Linear(512, 784), nn.Tanh())

    def forward(self, z, y):
        return self.net(z * self.emb(y)).view(-1, 1, 28, 28)


def penalty(critic, real, fake, y):
    w = torch.rand(real.size(0), 1, 1, 1)
    x = w * real + (1 - w) * fake
    x.requires_grad_(True)
    s = critic(x, y)
    dx = torch.autograd.grad(s.sum(), x, create_graph=True)[0]
    return (dx.pow(2).sum(dim=(1, 2, 3)).sqrt() - 1).pow(2).mean()


def train_step(critic, gen, opt, real, y, lam=10.0):
    fake = gen(torch.randn(real.size(0), 64), y).detach()
    loss = critic(fake, y).mean() - critic(real, y).mean() + lam * penalty(critic, real, fake, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
