"""DRAGAN on tabular data: the gradient penalty is taken at noisy perturbations around real rows (CTGAN-style critic)."""
import torch
import torch.nn as nn


def make_critic(in_dim, hidden=(64, 64)):
    layers = []
    d = in_dim
    for h in hidden:
        layers += [nn.Linear(d, h), nn.ReLU6(), nn.Dropout(0.2)]
        d = h
    layers.append(nn.Linear(d, 1))
    return nn.Sequential(*layers)


class Generator(nn.Module):
    def __init__(self, z_dim, out_dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Linear(64, out_dim))

    def forward(self, z):
        return self.net(z)


def dragan_penalty(critic, real, lambda_=10.0, k=1.0):
    alpha = torch.rand(real.size(0), 1)
    perturbed = real + 0.5 * real.std() * torch.rand_like(real)
    x_hat = (alpha * real + (1 - alpha) * perturbed).requires_grad_(True)
    out = critic(x_hat)
    grad = torch.autograd.grad(out, x_hat, grad_outputs=torch.ones_like(out), create_graph=True, retain_graph=True)[0]
    return lambda_ * ((grad.norm(2, dim=1) - k) ** 2).mean()


def train(loader, in_dim=12, z_dim=16, epochs=5):
    critic = make_critic(in_dim)
    gen = Generator(z_dim, in_dim)
    opt_d = torch.optim.Adam(critic.parameters(), lr=2e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=2e-4, betas=(0.5, 0.9))
    bce = nn.BCEWithLogitsLoss()
    for _ in range(epochs):
        for real in loader:
            fake = gen(torch.randn(real.size(0), z_dim)).detach()
            d_loss = bce(critic(real), torch.ones(real.size(0), 1)) + bce(critic(fake), torch.zeros(real.size(0), 1))
            d_loss = d_loss + dragan_penalty(critic, real)
            opt_d.zero_grad()
            d_loss.backward()
            opt_d.step()
            g_loss = bce(critic(gen(torch.randn(real.size(0), z_dim))), torch.ones(real.size(0), 1))
            opt_g.zero_grad()
            g_loss.backward()
            opt_g.step()
