"""DRAGAN for high-speed camera frames of droplet pinch-off in a flow-focusing microfluidic junction.

The critic is assembled from a layer spec (a list of tuples) by a table of builder functions, so
the architecture can be swept from the command line.  The gradient penalty follows Kodali et al.
(2017): it is applied at points sampled in a noisy neighbourhood of the *real* frames only.
"""
import argparse
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "celu": nn.CELU,
    "relu6": nn.ReLU6,
    "lrelu": partial(nn.LeakyReLU, 0.2),
}

BUILDERS = {
    "conv": lambda cin, cout, k=3, p=1: nn.Conv2d(cin, cout, k, padding=p),
    "pad": lambda p: nn.ZeroPad2d(p),
    "act": lambda name: ACTIVATIONS[name](),
    "gap": lambda: nn.AdaptiveAvgPool2d(1),
    "flat": lambda: nn.Flatten(),
    "fc": lambda cin, cout: nn.Linear(cin, cout),
}

CRITIC_SPEC = [
    ("conv", 1, 16), ("act", "celu"),
    ("pad", 1), ("conv", 16, 32, 3, 0), ("act", "relu6"),
    ("conv", 32, 32, 3, 1), ("act", "relu6"),
    ("gap",), ("flat",), ("fc", 32, 1),
]


def build(spec):
    return nn.Sequential(*[BUILDERS[kind](*args) for kind, *args in spec])


class FrameGenerator(nn.Module):
    def __init__(self, z_dim=24, ch=24):
        super().__init__()
        self.ch = ch
        self.fc = nn.Linear(z_dim, ch * 4 * 4)
        self.c1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.c2 = nn.Conv2d(ch, 1, 3, padding=1)

    def forward(self, z):
        h = F.leaky_relu(self.fc(z).view(-1, self.ch, 4, 4), 0.2)
        h = F.leaky_relu(self.c1(F.interpolate(h, scale_factor=2, mode="nearest")), 0.2)
        return torch.sigmoid(self.c2(F.interpolate(h, scale_factor=2, mode="nearest")))


def droplet_frames(n, size=16):
    """Dispersed-phase thread with a thinning neck at a random downstream position."""
    ys, xs = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    neck_x = torch.rand(n, 1, 1) * 0.8 - 0.2
    neck_r = 0.05 + 0.25 * torch.rand(n, 1, 1)
    radius = 0.35 - (0.35 - neck_r) * torch.exp(-((xs - neck_x) ** 2) / 0.02)
    thread = torch.sigmoid((radius - ys.abs()) * 25.0) * (xs < neck_x + 0.5).float()
    return (thread + 0.03 * torch.randn_like(thread)).unsqueeze(1)


def dragan_penalty(critic, real, c=0.5):
    noise = c * real.std() * torch.rand_like(real)
    alpha = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (real + alpha * noise).detach().requires_grad_(True)
    out = critic(x_hat)
    grad = torch.autograd.grad(out, x_hat, grad_outputs=torch.ones_like(out),
                               create_graph=True, retain_graph=True)[0]
    return (grad.view(grad.size(0), -1).norm(2, dim=1) - 1.0).pow(2).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--lam", type=float, default=10.0)
    ap.add_argument("--z-dim", type=int, default=24)
    args = ap.parse_args()

    torch.manual_seed(3)
    critic, gen = build(CRITIC_SPEC), FrameGenerator(args.z_dim)
    bce = nn.BCEWithLogitsLoss()
    opt_c = torch.optim.Adam(critic.parameters(), 2e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), 2e-4, betas=(0.5, 0.9))
    for it in range(args.iters):
        real = droplet_frames(args.batch)
        fake = gen(torch.randn(args.batch, args.z_dim)).detach()
        logit_r, logit_f = critic(real), critic(fake)
        adv = bce(logit_r, torch.ones_like(logit_r)) + bce(logit_f, torch.zeros_like(logit_f))
        gp = dragan_penalty(critic, real)
        opt_c.zero_grad()
        (adv + args.lam * gp).backward()
        opt_c.step()

        logit_g = critic(gen(torch.randn(args.batch, args.z_dim)))
        loss_g = bce(logit_g, torch.ones_like(logit_g))
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"iter {it}: adv {adv.item():.4f} gp {gp.item():.4f} g {loss_g.item():.4f}")


if __name__ == "__main__":
    main()
