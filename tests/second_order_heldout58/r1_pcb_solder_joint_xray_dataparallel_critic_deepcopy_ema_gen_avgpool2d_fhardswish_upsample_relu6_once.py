"""Non-saturating GAN with an R1 penalty for synthetic X-ray patches of PCB solder joints.

The critic and generator are wrapped in nn.DataParallel (a no-op wrapper on a CPU box, the real thing on the
inspection cluster); an EMA copy of the generator (deepcopy) is used for the preview grid.
"""
import argparse
import copy
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--batch", type=int, default=6)
    p.add_argument("--res", type=int, default=16)
    p.add_argument("--zdim", type=int, default=24)
    p.add_argument("--r1-gamma", type=float, default=5.0)
    p.add_argument("--r1-every", type=int, default=1, help="lazy R1 interval")
    p.add_argument("--ema-decay", type=float, default=0.99)
    return p.parse_args()


class JointCritic(nn.Module):
    """Two strided stages, average-pool downsampling and a hard-swish head."""

    def __init__(self, ch=16):
        super().__init__()
        self.stem = nn.Conv2d(1, ch, 3, padding=1)
        self.stage = nn.Sequential(
            nn.Conv2d(ch, ch, 3, padding=1),
            nn.LeakyReLU(0.2),
            nn.Conv2d(ch, 2 * ch, 3, padding=1),
            nn.LeakyReLU(0.2),
        )
        self.down = nn.AvgPool2d(2)
        self.fc = nn.Linear(2 * ch, 32)
        self.out = nn.Linear(32, 1)

    def forward(self, x):
        h = F.leaky_relu(self.stem(x), 0.2)
        h = self.down(self.stage(h))
        h = self.down(h).mean(dim=(2, 3))
        h = F.hardswish(self.fc(h))
        return self.out(h).squeeze(1)


class JointGenerator(nn.Module):
    def __init__(self, zdim, res, ch=32):
        super().__init__()
        self.base = res // 4
        self.proj = nn.Linear(zdim, ch * self.base * self.base)
        self.ch = ch
        self.body = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(ch, ch // 2, 3, padding=1),
            nn.ReLU6(),
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(ch // 2, 1, 3, padding=1),
        )

    def forward(self, z):
        h = self.proj(z).view(z.size(0), self.ch, self.base, self.base)
        return torch.tanh(self.body(h))


def synthetic_solder_patches(n, res):
    """Bright elliptical fillets with a dark void, plus sensor noise."""
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, res), torch.linspace(-1, 1, res), indexing="ij")
    a = 0.5 + 0.3 * torch.rand(n, 1, 1)
    b = 0.4 + 0.3 * torch.rand(n, 1, 1)
    fillet = torch.exp(-((xx / a) ** 2 + (yy / b) ** 2) * 2.0)
    void = torch.exp(-((xx - 0.2) ** 2 + (yy + 0.1) ** 2) / (0.02 + 0.05 * torch.rand(n, 1, 1)))
    img = fillet - 0.6 * void * (torch.rand(n, 1, 1) > 0.5).float()
    return (2 * img - 1 + 0.05 * torch.randn(n, res, res)).unsqueeze(1).clamp(-1, 1)


def r1_penalty(critic, real):
    real = real.detach().requires_grad_(True)
    logits = critic(real)
    (grad_real,) = torch.autograd.grad(logits.sum(), real, create_graph=True)
    return grad_real.pow(2).flatten(1).sum(1).mean()


@torch.no_grad()
def ema_update(ema, live, decay):
    for pe, pl in zip(ema.parameters(), live.parameters()):
        pe.lerp_(pl, 1.0 - decay)


def main():
    args = get_args()
    torch.manual_seed(3)
    netD = nn.DataParallel(JointCritic())
    netG = nn.DataParallel(JointGenerator(args.zdim, args.res))
    g_ema = copy.deepcopy(netG.module).eval().requires_grad_(False)
    optD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.0, 0.99))
    optG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.0, 0.99))
    data = synthetic_solder_patches(64, args.res)

    for step in range(args.steps):
        real = data[torch.randint(0, len(data), (args.batch,))]
        z = torch.randn(args.batch, args.zdim)

        # critic step: logistic loss on real / fake, fake detached
        fake = netG(z).detach()
        d_real, d_fake = netD(real), netD(fake)
        d_loss = F.softplus(-d_real).mean() + F.softplus(d_fake).mean()
        if step % args.r1_every == 0:
            # lazy R1 on the wrapped critic, differentiated twice through .backward()
            d_loss = d_loss + 0.5 * args.r1_gamma * args.r1_every * r1_penalty(netD, real)
        optD.zero_grad(set_to_none=True)
        d_loss.backward()
        optD.step()

        # generator step: plain first-order loss through the critic
        fake = netG(torch.randn(args.batch, args.zdim))
        g_loss = F.binary_cross_entropy_with_logits(netD(fake), torch.ones(args.batch))
        optG.zero_grad(set_to_none=True)
        g_loss.backward()
        optG.step()
        ema_update(g_ema, netG.module, args.ema_decay)

        with torch.no_grad():
            preview = g_ema(torch.randn(4, args.zdim))
            sharp = F.avg_pool2d(preview, 2).std().item()
        print(f"step {step} d_loss {d_loss.item():.4f} g_loss {g_loss.item():.4f} "
              f"preview_std {sharp:.3f} w_norm {math.sqrt(sum(p.pow(2).sum().item() for p in netD.module.parameters())):.2f}")


if __name__ == "__main__":
    main()
