"""WGAN-LP (Petzka et al. 2018) for cosmic-ray air-shower detector footprints.

Critic uses gated convolutions; only the one-sided Lipschitz penalty max(0, |grad| - 1)^2 is applied.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedCritic(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv_in = nn.Conv2d(1, 2 * ch, 3, padding=1)
        self.conv_mid = nn.Conv2d(ch, 2 * ch, 3, padding=1)
        self.gate = nn.GLU(dim=1)
        self.out = nn.Linear(ch * 12 * 12, 1)

    def forward(self, x):
        h = F.glu(self.conv_in(x), dim=1)
        h = self.gate(self.conv_mid(h))
        return self.out(h.flatten(1))


def lipschitz_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    out = critic(x_hat)
    grads = torch.autograd.grad(out.sum(), x_hat, create_graph=True)[0]
    slopes = grads.flatten(1).norm(2, dim=1)
    return (torch.clamp(slopes - 1.0, min=0.0) ** 2).mean()


gen = nn.Sequential(nn.Linear(16, 144), nn.Softplus())
critic = GatedCritic()
c_opt = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.5, 0.9))
g_opt = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.5, 0.9))
for it in range(2):
    real = torch.rand(8, 1, 12, 12)
    fake = gen(torch.randn(8, 16)).view(8, 1, 12, 12)
    c_loss = critic(fake.detach()).mean() - critic(real).mean() + 5.0 * lipschitz_penalty(critic, real, fake.detach())
    c_opt.zero_grad()
    c_loss.backward()
    c_opt.step()
    g_loss = -critic(gen(torch.randn(8, 16)).view(8, 1, 12, 12)).mean()
    g_opt.zero_grad()
    g_loss.backward()
    g_opt.step()
