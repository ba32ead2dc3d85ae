"""WGAN-GP on handwoven ikat textile swatches.

The critic is a torchvision ResNet-18 with a scalar head; the stem max-pool is dropped because the
swatches are small (24x24), and the critic resizes its input to 32x32 before the backbone.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torchvision import models

log = logging.getLogger("ikat_wgan")


class SwatchGenerator(nn.Module):
    def __init__(self, z_dim=32, ch=32):
        super().__init__()
        self.fc = nn.Linear(z_dim, ch * 3 * 3)
        self.net = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU6(),
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, ch // 2, 3, padding=1), nn.ReLU6(),
            nn.Upsample(scale_factor=2), nn.Conv2d(ch // 2, 3, 3, padding=1), nn.Tanh(),
        )
        self.ch = ch

    def forward(self, z):
        return self.net(self.fc(z).view(z.size(0), self.ch, 3, 3))


class IkatCritic(nn.Module):
    """ResNet-18 body (stem max-pool removed) on a bilinear-resized swatch."""

    def __init__(self, work_res=32):
        super().__init__()
        self.work_res = work_res
        self.body = models.resnet18(num_classes=1)
        self.body.maxpool = nn.Identity()

    def forward(self, x):
        x = F.interpolate(x, size=(self.work_res, self.work_res), mode="bilinear", align_corners=False)
        return self.body(x).squeeze(1)


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1, 1)
    mixed = (eps * real + (1 - eps) * fake).requires_grad_(True)
    scores = critic(mixed)
    grads, = torch.autograd.grad(scores.sum(), mixed, create_graph=True)
    return ((grads.flatten(1).norm(dim=1) - 1.0) ** 2).mean()


def synthetic_swatches(n, res=24):
    # blurred stripes standing in for the resist-dyed warp threads
    cols = torch.linspace(0, 6.28, res)
    phase = torch.rand(n, 1, 1, 1) * 6.28
    stripes = torch.sin(cols.view(1, 1, 1, res) * 3 + phase).expand(n, 3, res, res)
    jitter = 0.1 * torch.randn(n, 3, res, res)
    return (stripes + jitter).clamp(-1, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--batch", type=int, default=2)
    ap.add_argument("--gp-weight", type=float, default=10.0)
    ap.add_argument("--n-critic", type=int, default=1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)

    gen, critic = SwatchGenerator(), IkatCritic()
    opt_g = torch.optim.Adam(gen.parameters(), 1e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(critic.parameters(), 1e-4, betas=(0.0, 0.9))

    for step in range(args.steps):
        for _ in range(args.n_critic):
            real = synthetic_swatches(args.batch)
            with torch.no_grad():
                fake = gen(torch.randn(args.batch, 32))
            gp = gradient_penalty(critic, real, fake)
            d_loss = critic(fake).mean() - critic(real).mean() + args.gp_weight * gp
            opt_d.zero_grad()
            d_loss.backward()
            w = critic.body.conv1.weight.grad
            assert w is not None and w.abs().sum() > 0
            opt_d.step()

        g_loss = -critic(gen(torch.randn(args.batch, 32))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        log.info("step %d d_loss %.4f gp %.4f g_loss %.4f", step, d_loss.item(), gp.item(), g_loss.item())


if __name__ == "__main__":
    main()
