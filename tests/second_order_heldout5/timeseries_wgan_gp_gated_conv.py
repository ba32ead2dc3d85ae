"""Conditional WGAN-GP for multivariate sensor windows: the critic stacks gated 1-D convolutions
(nn.GLU blocks and a residual block gated with F.glu), embeds the class label and is penalised with the
gradient norm on interpolated windows. The generator upsamples with ConvTranspose1d."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedConv(nn.Module):
    def __init__(self, cin, cout, k=5, stride=1):
        super().__init__()
        self.conv = nn.Conv1d(cin, 2 * cout, k, stride=stride, padding=k // 2)
        self.glu = nn.GLU(dim=1)

    def forward(self, x):
        return self.glu(self.conv(x))


class ResidualGatedConv(nn.Module):
    def __init__(self, ch, k=3):
        super().__init__()
        self.conv = nn.Conv1d(ch, 2 * ch, k, padding=k // 2)

    def forward(self, x):
        return x + F.glu(self.conv(x), dim=1)


class Critic(nn.Module):
    def __init__(self, n_channels=6, n_classes=5, hidden=64):
        super().__init__()
        self.body = nn.Sequential(
            GatedConv(n_channels, hidden),
            GatedConv(hidden, hidden, stride=2),
            ResidualGatedConv(hidden),
            GatedConv(hidden, hidden, stride=2),
        )
        self.label_emb = nn.Embedding(n_classes, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x, labels):
        h = self.body(x).mean(dim=-1)
        return self.out(h).squeeze(-1) + (h * self.label_emb(labels)).sum(-1)


class Generator(nn.Module):
    def __init__(self, z_dim=32, n_channels=6, n_classes=5, hidden=64, length=64):
        super().__init__()
        self.hidden, self.l0 = hidden, length // 4
        self.fc = nn.Linear(z_dim + n_classes, hidden * self.l0)
        self.n_classes = n_classes
        self.net = nn.Sequential(
            nn.ConvTranspose1d(hidden, hidden, 4, 2, 1), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.ConvTranspose1d(hidden, hidden, 4, 2, 1), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.Conv1d(hidden, n_channels, 5, padding=2), nn.Tanh(),
        )

    def forward(self, z, labels):
        h = self.fc(torch.cat([z, F.one_hot(labels, self.n_classes).float()], dim=1))
        return self.net(h.view(-1, self.hidden, self.l0))


def gradient_penalty(critic, real, fake, labels):
    eps = torch.rand(real.size(0), 1, 1)
    mixed = (eps * real + (1 - eps) * fake).requires_grad_(True)
    scores = critic(mixed, labels)
    grads, = torch.autograd.grad(scores, mixed, grad_outputs=torch.ones_like(scores), create_graph=True)
    return ((grads.flatten(1).norm(dim=1) - 1) ** 2).mean()


def train(loader, epochs=100, z_dim=32, n_critic=5, gp_lambda=10.0):
    G, D = Generator(z_dim=z_dim), Critic()
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.5, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.5, 0.9))
    for epoch in range(epochs):
        for i, (real, labels) in enumerate(loader):
            z = torch.randn(real.size(0), z_dim)
            fake = G(z, labels).detach()
            d_loss = D(fake, labels).mean() - D(real, labels).mean() + gp_lambda * gradient_penalty(D, real, fake, labels)
            opt_d.zero_grad()
            d_loss.backward()
            opt_d.step()
            if i % n_critic == 0:
                g_loss = -D(G(z, labels), labels).mean()
                opt_g.zero_grad()
                g_loss.backward()
                opt_g.step()
    return G, D
