"""Exact (implicit) score matching on curling-stone delivery telemetry.

Every delivery is summarised by four standardised numbers (release speed, handle spin, lateral curl,
handle angle at release).  We fit a score network s(x) ~ grad log p(x) with Hyvarinen's objective

    J(theta) = E_x [ 0.5 * ||s(x)||^2 + tr(ds/dx) ]

where the trace of the score Jacobian is accumulated exactly, one input dimension at a time, with
create_graph=True so that the trace can be back-propagated into the weights.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

FEATURES = ("release_speed", "spin_rpm", "curl_m", "handle_deg")


def synth_deliveries(n, gen):
    """Two delivery families: soft draw weight and hard takeout weight, with correlated curl."""
    style = torch.rand(n, generator=gen) < 0.6
    speed = torch.where(style, 2.1 + 0.08 * torch.randn(n, generator=gen), 3.0 + 0.15 * torch.randn(n, generator=gen))
    spin = 2.5 + 0.4 * torch.randn(n, generator=gen)
    curl = 1.4 - 0.35 * (speed - 2.1) + 0.1 * spin + 0.05 * torch.randn(n, generator=gen)
    angle = 0.3 * torch.sin(spin) + 0.05 * torch.randn(n, generator=gen)
    x = torch.stack([speed, spin, curl, angle], dim=1)
    return (x - x.mean(0)) / x.std(0)


def layer_list(dim, hidden, depth, noise_conditional):
    """The score net as a flat list of layers; nn.Sequential is built from it below."""
    in_dim = dim + (1 if noise_conditional else 0)
    layers = [nn.Linear(in_dim, hidden), nn.GroupNorm(4, hidden), nn.SELU()]
    for _ in range(depth - 1):
        layers += [nn.Linear(hidden, hidden), nn.Softsign()]
    layers.append(nn.Linear(hidden, dim))
    return layers


class NoiseConditionalScore(nn.Module):
    """Variant used for annealed training; the sigma embedding goes through a PReLU gate."""

    def __init__(self, dim, hidden, depth):
        super().__init__()
        self.body = nn.Sequential(*layer_list(dim, hidden, depth, noise_conditional=True))
        self.gate = nn.Sequential(nn.Linear(1, dim), nn.PReLU())

    def forward(self, x, log_sigma):
        h = self.body(torch.cat([x, log_sigma], dim=1))
        return h * torch.sigmoid(self.gate(log_sigma))


def implicit_score_matching_loss(score_net, x):
    x = x.detach().requires_grad_(True)
    s = score_net(x)
    trace = x.new_zeros(x.shape[0])
    for i in range(x.shape[1]):
        (g_i,) = torch.autograd.grad(s[:, i].sum(), x, create_graph=True)
        trace = trace + g_i[:, i]
    return (0.5 * s.pow(2).sum(dim=1) + trace).mean(), trace.detach()


@torch.no_grad()
def normalised_langevin(score_net, n, dim, steps, step_size, gen):
    """Sampler for visual checks: steps along the unit score direction plus noise."""
    x = torch.randn(n, dim, generator=gen)
    for _ in range(steps):
        direction = F.normalize(score_net(x), dim=1)
        x = x + step_size * direction + math.sqrt(2 * step_size) * 0.1 * torch.randn(n, dim, generator=gen)
    return x


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n", type=int, default=512)
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--depth", type=int, default=3)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--steps", type=int, default=8)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--noise-conditional", action="store_true")
    args = p.parse_args()

    gen = torch.Generator().manual_seed(7)
    data = synth_deliveries(args.n, gen)
    dim = data.shape[1]
    if args.noise_conditional:
        model = NoiseConditionalScore(dim, args.hidden, args.depth)
    else:
        model = nn.Sequential(*layer_list(dim, args.hidden, args.depth, noise_conditional=False))
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    for step in range(args.steps):
        idx = torch.randint(0, args.n, (args.batch,), generator=gen)
        loss, trace = implicit_score_matching_loss(model, data[idx])
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        opt.step()
        if step % 4 == 0:
            print(f"step {step:3d}  ism {loss.item():+.4f}  mean tr(ds/dx) {trace.mean().item():+.3f}")

    if not args.noise_conditional:
        samples = normalised_langevin(model, 128, dim, steps=20, step_size=0.05, gen=gen)
        for name, m, s in zip(FEATURES, samples.mean(0), samples.std(0)):
            print(f"{name:>14s}: mean {m.item():+.2f} std {s.item():.2f}")


if __name__ == "__main__":
    main()
