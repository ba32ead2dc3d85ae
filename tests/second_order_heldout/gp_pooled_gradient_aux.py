"""WGAN-GP variant: the penalty smooths the input gradient with average pooling before the norm,
and an auxiliary classifier (separate network) is trained with an ordinary loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 64, 4, 2, 1), nn.LeakyReLU(0.2),
            nn.Conv2d(64, 128, 4, 2, 1), nn.LeakyReLU(0.2),
            nn.Flatten(), nn.Linear(128 * 8 * 8, 1),
        )

    def forward(self, x):
        return self.net(x)


class AuxClassifier(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, 32, 3, padding=1), nn.ELU(), nn.AvgPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.GELU(approximate="tanh"), nn.AdaptiveAvgPool2d(1),
            nn.Flatten(), nn.Linear(64, n_classes),
        )

    def forward(self, x):
        return self.body(x)


def smoothed_gp(critic, real, fake):
    a = torch.rand(real.size(0), 1, 1, 1)
    x = (a * real + (1 - a) * fake).requires_grad_(True)
    out = critic(x)
    g = torch.autograd.grad(out.sum(), x, create_graph=True)[0]
    g_smooth = F.avg_pool2d(g, kernel_size=2)
    g_up = F.interpolate(g_smooth, scale_factor=2, mode="bilinear", align_corners=False)
    return ((g_up.flatten(1).norm(dim=1) - 1) ** 2).mean()


def step(critic, aux, gen, real, labels, opt_c, opt_a, lam=10.0):
    fake = gen(torch.randn(real.size(0), 128)).detach()
    loss_c = critic(fake).mean() - critic(real).mean() + lam * smoothed_gp(critic, real, fake)
    opt_c.zero_grad()
    loss_c.backward()
    opt_c.step()

    logits = aux(real)
    loss_a = F.cross_entropy(logits, labels) + 0.1 * F.log_softmax(logits, dim=1).mean().neg()
    opt_a.zero_grad()
    loss_a.backward()
    opt_a.step()
