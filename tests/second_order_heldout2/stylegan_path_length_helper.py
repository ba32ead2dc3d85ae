"""Generator path-length regularisation in a helper; the synthesis net upsamples with F.interpolate (nearest) and PReLU."""
import math

import torch
from torch import nn
from torch.nn import functional as F


class MappingNetwork(nn.Module):
    def __init__(self, z_dim=64, w_dim=64, depth=3):
        super().__init__()
        layers = []
        for _ in range(depth):
            layers.extend([nn.Linear(z_dim, w_dim), nn.ELU()])
            z_dim = w_dim
        self.net = nn.Sequential(*layers)

    def forward(self, z):
        return self.net(z)


class SynthesisNetwork(nn.Module):
    def __init__(self, w_dim=64, ch=32):
        super().__init__()
        self.ch = ch
        self.input = nn.Linear(w_dim, ch * 4 * 4)
        self.conv1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.act1 = nn.PReLU(ch)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)
        self.to_rgb = nn.Conv2d(ch, 3, 1)

    def forward(self, w):
        x = self.input(w).view(-1, self.ch, 4, 4)
        x = self.act1(self.conv1(x))
        x = F.interpolate(x, scale_factor=2)
        x = torch.sigmoid(self.conv2(x)) * x
        return self.to_rgb(x)


def g_path_regularize(fake_img, latents, mean_path_length, decay=0.01):
    noise = torch.randn_like(fake_img) / math.sqrt(fake_img.shape[2] * fake_img.shape[3])
    grad, = torch.autograd.grad(outputs=(fake_img * noise).sum(), inputs=latents, create_graph=True)
    path_lengths = torch.sqrt(grad.pow(2).sum(1))
    path_mean = mean_path_length + decay * (path_lengths.mean() - mean_path_length)
    path_penalty = (path_lengths - path_mean).pow(2).mean()
    return path_penalty, path_mean.detach()


def train(steps=1000, batch=8, pl_weight=2.0, g_reg_every=4):
    mapping, synthesis = MappingNetwork(), SynthesisNetwork()
    g_optim = torch.optim.Adam(list(mapping.parameters()) + list(synthesis.parameters()), lr=2e-3)
    mean_path_length = torch.tensor(0.0)
    for step in range(steps):
        if step % g_reg_every:
            continue
        w = mapping(torch.randn(batch, 64))
        fake_img = synthesis(w)
        path_loss, mean_path_length = g_path_regularize(fake_img, w, mean_path_length)
        g_optim.zero_grad()
        (pl_weight * g_reg_every * path_loss).backward()
        g_optim.step()
