# Non-saturating GAN with lazy R1 (StyleGAN2 style) on 3D micro-CT sandstone pore voxels.
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class TrainCfg:
    vox: int = 8
    z_dim: int = 32
    r1_gamma: float = 5.0
    r1_every: int = 2
    steps: int = 3
    batch: int = 4


def build_voxel_discriminator(base=4):
    return nn.Sequential(
        nn.Conv3d(1, base, kernel_size=3, stride=2, padding=1),
        nn.LeakyReLU(0.2),
        nn.Conv3d(base, 2 * base, kernel_size=3, stride=2, padding=1),
        nn.LeakyReLU(0.2),
        nn.AdaptiveAvgPool3d(1),
        nn.Flatten(),
        nn.Linear(2 * base, 1),
    )


class VoxelGenerator(nn.Module):
    def __init__(self, z_dim, vox):
        super().__init__()
        self.vox = vox
        self.fc = nn.Linear(z_dim, vox ** 3)

    def forward(self, z):
        return torch.sigmoid(self.fc(z)).view(-1, 1, self.vox, self.vox, self.vox)


def porous_batch(cfg):
    noise = torch.rand(cfg.batch, 1, cfg.vox, cfg.vox, cfg.vox)
    return (F.avg_pool3d(noise, 3, stride=1, padding=1) > 0.5).float()


def r1_penalty(disc, real):
    real = real.detach().requires_grad_(True)
    out = disc(real)
    (g,) = torch.autograd.grad(out.sum(), real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean()


def train(cfg):
    D = build_voxel_discriminator()
    G = VoxelGenerator(cfg.z_dim, cfg.vox)
    opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.0, 0.99))
    for step in range(cfg.steps):
        real = porous_batch(cfg)
        fake = G(torch.randn(cfg.batch, cfg.z_dim))
        loss_d = F.softplus(D(fake.detach())).mean() + F.softplus(-D(real)).mean()
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        if step % cfg.r1_every == 0:
            r1 = r1_penalty(D, real)
            opt_d.zero_grad()
            (0.5 * cfg.r1_gamma * cfg.r1_every * r1).backward()
            opt_d.step()
        loss_g = F.softplus(-D(fake)).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(step, round(loss_d.item(), 4), round(loss_g.item(), 4))


if __name__ == "__main__":
    train(TrainCfg())
