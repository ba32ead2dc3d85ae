"""DRAGAN (Kodali et al. 2017) for synthetic SAR ship-wake chips. The critic exposes `score()` (the raw
logit) next to forward() (a probability used only for monitoring)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class WakeCritic(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, ch, 4, 2, 1),
            nn.GroupNorm(4, ch),
            nn.LeakyReLU(0.2),
            nn.Conv2d(ch, 2 * ch, 4, 2, 1),
            nn.GroupNorm(4, 2 * ch),
            nn.LeakyReLU(0.2),
        )
        self.fc = nn.Linear(2 * ch * 4 * 4, 1)

    def score(self, x):
        return self.fc(self.body(x).flatten(1))

    def forward(self, x):
        return torch.sigmoid(self.score(x))


def dragan_penalty(f, x, lambda_=10.0, k=1.0):
    alpha = torch.rand(x.size(0), 1, 1, 1)
    x_p = x + 0.5 * x.std() * torch.rand_like(x)
    x_hat = (alpha * x + (1 - alpha) * x_p).requires_grad_(True)
    out = f.score(x_hat)
    g = torch.autograd.grad(out, x_hat, grad_outputs=torch.ones_like(out), create_graph=True)[0]
    return lambda_ * ((g.flatten(1).norm(2, dim=1) - k) ** 2).mean()


G = nn.Sequential(nn.Linear(16, 256), nn.ReLU(), nn.Linear(256, 16 * 16), nn.Tanh(), nn.Unflatten(1, (1, 16, 16)))
D = WakeCritic()
bce = nn.BCEWithLogitsLoss()
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
for it in range(3):
    real = torch.randn(8, 1, 16, 16)
    fake = G(torch.randn(8, 16))
    d_real, d_fake = D.score(real), D.score(fake.detach())
    d_loss = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake)) + dragan_penalty(D, real)
    opt_d.zero_grad()
    d_loss.backward()
    opt_d.step()
    g_score = D.score(fake)
    g_loss = bce(g_score, torch.ones_like(g_score))
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
    with torch.no_grad():
        p_real = D(real).mean().item()
