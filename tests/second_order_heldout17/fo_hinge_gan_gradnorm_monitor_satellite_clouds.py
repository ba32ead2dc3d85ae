# Hinge-loss GAN for cloud-mask synthesis on satellite tiles. The discriminator's input-gradient norm is
# only logged (computed on a detached copy, create_graph=False); no penalty is added to the loss.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Disc(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(1, 8, 4, 2, 1), nn.ELU(), nn.AvgPool2d(2),
                                  nn.Conv2d(8, 16, 3, 1, 1), nn.GELU(approximate="tanh"))
        self.head = nn.Linear(16 * 4 * 4, 1)

    def forward(self, x):
        return self.head(self.body(x).flatten(1))


G = nn.Sequential(nn.Linear(8, 256), nn.Sigmoid(), nn.Unflatten(1, (1, 16, 16)))
D = Disc()
opt_d = torch.optim.Adam(D.parameters(), lr=4e-4, betas=(0.0, 0.9))
opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))


def grad_norm_monitor(disc, x):
    x = x.detach().clone().requires_grad_(True)
    out = disc(x).sum()
    g, = torch.autograd.grad(out, x, create_graph=False)
    return g.flatten(1).norm(dim=1).mean().item()


for step in range(2):
    real = torch.rand(4, 1, 16, 16)
    fake = G(torch.randn(4, 8))
    d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
    opt_d.zero_grad()
    d_loss.backward()
    opt_d.step()
    g_loss = -D(fake).mean()
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
    print(step, d_loss.item(), g_loss.item(), grad_norm_monitor(D, real))
