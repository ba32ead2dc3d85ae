"""Class-conditional GAN for cloisonne enamel wire-pattern crops, R1 on real images.

Discriminator: torchvision ShuffleNetV2 x0.5 trunk (its fc dropped) + a projection head.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torchvision.models import shufflenet_v2_x0_5

log = logging.getLogger("cloisonne_r1")

WIRE_GAUGES = ["10.5", "11", "12", "13.5"]


class ProjectionDiscriminator(nn.Module):
    def __init__(self, n_classes, width=128):
        super().__init__()
        trunk = shufflenet_v2_x0_5()
        self.trunk = nn.Sequential(*list(trunk.children())[:-1])
        self.post = nn.Sequential(nn.Conv2d(1024, width, 1), nn.Hardswish())
        self.linear = nn.Linear(width, 1)
        self.embed = nn.Embedding(n_classes, width)

    def forward(self, x, y):
        h = self.post(self.trunk(x)).mean(dim=(2, 3))
        return self.linear(h).squeeze(1) + (self.embed(y) * h).sum(1)


class StampGenerator(nn.Module):
    def __init__(self, n_classes, z_dim=16):
        super().__init__()
        self.embed = nn.Embedding(n_classes, z_dim)
        self.net = nn.Sequential(nn.Linear(z_dim, 3 * 32 * 32), nn.Tanh())

    def forward(self, z, y):
        return self.net(z * self.embed(y)).view(-1, 3, 32, 32)


def r1_penalty(disc, real, y):
    real = real.detach().requires_grad_(True)
    logits = disc(real, y)
    grad_real, = torch.autograd.grad(logits.sum(), real, create_graph=True)
    return grad_real.pow(2).flatten(1).sum(1).mean()


def cloisonne_batch(n, n_classes):
    y = torch.randint(0, n_classes, (n,))
    t = torch.linspace(0, 1, 32)
    holes = torch.cos(t.view(1, 32) * 6.28 * (4 + y.view(-1, 1).float()))
    img = 0.5 + 0.4 * holes.view(n, 1, 1, 32).expand(n, 3, 32, 32)
    img = img + 0.1 * torch.randn_like(img)
    return img * 2 - 1, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--r1-gamma", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)
    n_classes = len(WIRE_GAUGES)
    disc, gen = ProjectionDiscriminator(n_classes), StampGenerator(n_classes)
    opt_d = torch.optim.Adam(disc.parameters(), 2e-4, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(gen.parameters(), 2e-4, betas=(0.0, 0.99))

    for step in range(args.steps):
        real, y = cloisonne_batch(4, n_classes)
        fake = gen(torch.randn(4, 16), y)
        d_real, d_fake = disc(real, y), disc(fake.detach(), y)
        adv = F.binary_cross_entropy_with_logits(d_real, torch.ones_like(d_real)) + \
            F.binary_cross_entropy_with_logits(d_fake, torch.zeros_like(d_fake))
        r1 = r1_penalty(disc, real, y)
        opt_d.zero_grad()
        (adv + 0.5 * args.r1_gamma * r1).backward()
        assert disc.post[0].weight.grad.abs().sum() > 0
        opt_d.step()

        g_logits = disc(gen(torch.randn(4, 16), y), y)
        g_loss = F.binary_cross_entropy_with_logits(g_logits, torch.ones_like(g_logits))
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        log.info("step %d adv %.4f r1 %.5f g %.4f", step, adv.item(), r1.item(), g_loss.item())


if __name__ == "__main__":
    main()
