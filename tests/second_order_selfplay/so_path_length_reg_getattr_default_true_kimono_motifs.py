"""StyleGAN2-style path-length regularisation for a small generator of kimono textile motifs. The penalty's gradient
w.r.t. the intermediate latent w keeps its graph (`getattr(cfg, "pl_create_graph", True)`: the dataclass has no such
field, so the default holds) and the penalty is backpropagated into the synthesis network."""
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class PLConfig:
    z_dim: int = 16
    w_dim: int = 16
    pl_weight: float = 2.0
    pl_decay: float = 0.01


class Mapping(nn.Module):
    def __init__(self, z_dim, w_dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, w_dim), nn.SELU(), nn.Linear(w_dim, w_dim), nn.LeakyReLU(0.2))

    def forward(self, z):
        return self.net(z)


class Synthesis(nn.Module):
    def __init__(self, w_dim, c=8):
        super().__init__()
        self.c = c
        self.fc = nn.Linear(w_dim, c * 8 * 8)
        self.conv1 = nn.Conv2d(c, c, 3, padding=1)
        self.norm = nn.GroupNorm(4, c)
        self.act = nn.ELU()
        self.to_rgb = nn.Conv2d(c, 3, 1)

    def forward(self, w):
        h = self.fc(w).view(-1, self.c, 8, 8)
        return torch.tanh(self.to_rgb(self.act(self.norm(self.conv1(h)))))


class PathLengthTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.mapping = Mapping(cfg.z_dim, cfg.w_dim)
        self.synthesis = Synthesis(cfg.w_dim)
        self.opt = torch.optim.Adam(list(self.mapping.parameters()) + list(self.synthesis.parameters()), lr=1e-3)
        self.pl_mean = torch.zeros(())

    def pl_penalty(self, n=4):
        w = self.mapping(torch.randn(n, self.cfg.z_dim))
        fake = self.synthesis(w)
        noise = torch.randn_like(fake) / 8.0
        (g,) = torch.autograd.grad((fake * noise).sum(), w, create_graph=getattr(self.cfg, "pl_create_graph", True))
        lengths = g.pow(2).sum(1).sqrt()
        self.pl_mean = self.pl_mean.lerp(lengths.mean().detach(), self.cfg.pl_decay)
        return (lengths - self.pl_mean).pow(2).mean() * self.cfg.pl_weight

    def step(self):
        loss = self.pl_penalty()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


if __name__ == "__main__":
    trainer = PathLengthTrainer(PLConfig())
    for it in range(2):
        print(it, trainer.step())
