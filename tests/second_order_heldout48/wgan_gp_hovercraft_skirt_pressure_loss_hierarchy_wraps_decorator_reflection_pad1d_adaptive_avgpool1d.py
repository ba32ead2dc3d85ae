"""WGAN-GP for synthetic hovercraft skirt pressure traces (plenum + cushion, 2 x 128 samples).

Used to augment rare skirt-tear events for a downstream fault detector. The adversarial losses are a
small class hierarchy; the gradient penalty is attached to the critic loss by a decorator.
"""
import argparse
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


def with_gradient_penalty(weight_attr="gp_weight"):
    def deco(loss_fn):
        @functools.wraps(loss_fn)
        def wrapper(self, critic, real, fake):
            base = loss_fn(self, critic, real, fake)
            eps = torch.rand(real.size(0), 1, 1)
            mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
            (g,) = torch.autograd.grad(critic(mix).sum(), mix, create_graph=True)
            gp = ((g.flatten(1).norm(dim=1) - 1) ** 2).mean()
            return base + getattr(self, weight_attr) * gp
        return wrapper
    return deco


class AdversarialLoss:
    def critic_loss(self, critic, real, fake):
        raise NotImplementedError

    def generator_loss(self, critic, fake):
        return -critic(fake).mean()


class WassersteinGP(AdversarialLoss):
    gp_weight = 10.0

    @with_gradient_penalty()
    def critic_loss(self, critic, real, fake):
        return critic(fake).mean() - critic(real).mean()


class Hinge(AdversarialLoss):
    def critic_loss(self, critic, real, fake):
        return F.relu(1 - critic(real)).mean() + F.relu(1 + critic(fake)).mean()


class RelativisticAverage(AdversarialLoss):
    def critic_loss(self, critic, real, fake):
        dr, df = critic(real), critic(fake)
        return (F.binary_cross_entropy_with_logits(dr - df.mean(), torch.ones_like(dr))
                + F.binary_cross_entropy_with_logits(df - dr.mean(), torch.zeros_like(df)))


LOSSES = {"wgan_gp": WassersteinGP, "hinge": Hinge, "ragan": RelativisticAverage}


class SkirtCritic(nn.Module):
    def __init__(self, channels=2, widths=(16, 32, 32)):
        super().__init__()
        self.pads = nn.ModuleList()
        self.convs = nn.ModuleList()
        c = channels
        for w in widths:
            self.pads.append(nn.ReflectionPad1d(2))
            self.convs.append(nn.Conv1d(c, w, 5, stride=2))
            c = w
        self.head = nn.Linear(c * 4, 1)

    def forward(self, x):
        for pad, conv in zip(self.pads, self.convs):
            x = F.leaky_relu(conv(pad(x)), 0.2)
        return self.head(F.adaptive_avg_pool1d(x, 4).flatten(1)).squeeze(1)


class SkirtGenerator(nn.Module):
    def __init__(self, latent=16, channels=2, length=128):
        super().__init__()
        self.fc = nn.Linear(latent, 32 * (length // 4))
        self.net = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="linear"), nn.Conv1d(32, 16, 5, padding=2), nn.ReLU(),
            nn.Upsample(scale_factor=2, mode="linear"), nn.Conv1d(16, channels, 5, padding=2),
        )

    def forward(self, z):
        return self.net(self.fc(z).view(z.size(0), 32, -1))


def pressure_traces(n, length=128):
    """Plenum pressure with fan ripple; cushion pressure lags it and drops during skirt tears."""
    t = torch.linspace(0, 1, length)
    plenum = 1 + 0.1 * torch.sin(2 * torch.pi * 24 * t + torch.rand(n, 1) * 6.28)
    tear = (torch.rand(n, 1) < 0.2).float() * torch.sigmoid((t - torch.rand(n, 1)) * 40)
    cushion = 0.8 * torch.roll(plenum, 3, dims=1) - 0.4 * tear
    return torch.stack([plenum, cushion], 1) + 0.02 * torch.randn(n, 2, length)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--loss", default="wgan_gp", choices=sorted(LOSSES))
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--n_critic", type=int, default=2)
    ap.add_argument("--batch", type=int, default=8)
    args = ap.parse_args()
    torch.manual_seed(4)

    critic, gen, adv = SkirtCritic(), SkirtGenerator(), LOSSES[args.loss]()
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for step in range(args.steps):
        for _ in range(args.n_critic):
            real = pressure_traces(args.batch)
            fake = gen(torch.randn(args.batch, 16)).detach()
            c_loss = adv.critic_loss(critic, real, fake)
            opt_c.zero_grad()
            c_loss.backward()
            opt_c.step()
        g_loss = adv.generator_loss(critic, gen(torch.randn(args.batch, 16)))
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"step {step}: critic {c_loss.item():.4f} gen {g_loss.item():.4f}")


if __name__ == "__main__":
    main()
