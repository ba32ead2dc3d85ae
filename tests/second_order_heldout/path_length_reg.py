"""Generator path-length regularisation (StyleGAN2) with a small mapping + synthesis network."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class Mapping(nn.Module):
    def __init__(self, z_dim=128, w_dim=128, n=4):
        super().__init__()
        layers = []
        for _ in range(n):
            layers += [nn.Linear(z_dim, w_dim), nn.Hardswish()]
            z_dim = w_dim
        self.net = nn.Sequential(*layers)

    def forward(self, z):
        return self.net(F.normalize(z, dim=1))


class Synthesis(nn.Module):
    def __init__(self, w_dim=128, ch=64):
        super().__init__()
        self.const = nn.Linear(w_dim, ch * 8 * 8)
        self.conv_a = nn.Conv2d(ch, ch, 3, padding=1)
        self.conv_b = nn.Conv2d(ch, ch, 3, padding=1)
        self.to_rgb = nn.Conv2d(ch, 3, 1)
        self.ch = ch

    def forward(self, w):
        x = self.const(w).view(-1, self.ch, 8, 8)
        x = torch.relu(self.conv_a(x))
        x = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
        x = torch.relu(self.conv_b(x))
        return torch.tanh(self.to_rgb(x))


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, 64, 3, padding=1), nn.LeakyReLU(0.2), nn.AvgPool2d(2),
            nn.Conv2d(64, 128, 3, padding=1), nn.LeakyReLU(0.2), nn.AvgPool2d(2),
            nn.Flatten(), nn.Linear(128 * 4 * 4, 1),
        )

    def forward(self, x):
        return self.body(x)


def g_path_regularize(fake_img, latents, mean_path_length, decay=0.01):
    noise = torch.randn_like(fake_img) / math.sqrt(fake_img.shape[2] * fake_img.shape[3])
    (grad,) = torch.autograd.grad(outputs=(fake_img * noise).sum(), inputs=latents, create_graph=True)
    path_lengths = torch.sqrt(grad.pow(2).sum(1))
    path_mean = mean_path_length + decay * (path_lengths.mean() - mean_path_length)
    return (path_lengths - path_mean).pow(2).mean(), path_mean.detach(), path_lengths


def train(mapping, synthesis, critic, steps=1000, batch=16):
    params = list(mapping.parameters()) + list(synthesis.parameters())
    opt_g = torch.optim.Adam(params, lr=2e-3, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(critic.parameters(), lr=2e-3, betas=(0.0, 0.99))
    mean_pl = torch.zeros(())
    for step in range(steps):
        z = torch.randn(batch, 128)
        with torch.no_grad():
            fake = synthesis(mapping(z))
        real = torch.rand(batch, 3, 16, 16) * 2 - 1
        d_loss = F.softplus(critic(fake)).mean() + F.softplus(-critic(real)).mean()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()

        g_loss = F.softplus(-critic(synthesis(mapping(torch.randn(batch, 128))))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()

        if step % 4 == 0:
            w = mapping(torch.randn(batch // 2, 128))
            img = synthesis(w)
            pl, mean_pl, _ = g_path_regularize(img, w, mean_pl)
            opt_g.zero_grad()
            (2.0 * 4 * pl).backward()
            opt_g.step()
