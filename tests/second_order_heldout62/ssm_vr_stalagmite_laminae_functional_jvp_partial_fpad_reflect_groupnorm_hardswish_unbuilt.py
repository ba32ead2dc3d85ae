"""Noise-conditional sliced score matching (variance-reduced) on stalagmite laminae grey-value profiles.

Speleothem lab: each sample is a 1-D scan across the annual laminae of a polished stalagmite slab. The score network
s(x, sigma) is trained with SSM-VR:  E_v[ v^T (ds/dx) v ] + 0.5 ||s||^2, where the Jacobian-vector product comes from
torch.autograd.functional.jvp(..., create_graph=True) so that the objective can be differentiated w.r.t. the weights.
"""
import argparse
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "length": 64,
    "channels": 24,
    "n_sigmas": 6,
    "sigma_max": 1.0,
    "sigma_min": 0.05,
    "net": "small",
    "n_proj": 2,
    "lr": 3e-4,
    "batch": 16,
}


def pad_reflect(h, k):
    return F.pad(h, (k // 2, k // 2), mode="reflect")


class LaminaBlock(nn.Module):
    def __init__(self, c_in, c_out, n_sigmas, k=5):
        super().__init__()
        self.k = k
        self.conv = nn.Conv1d(c_in, c_out, k)
        self.norm = nn.GroupNorm(4, c_out)
        self.emb = nn.Embedding(n_sigmas, c_out)
        self.act = nn.SiLU()

    def forward(self, h, sigma_idx):
        h = self.norm(self.conv(pad_reflect(h, self.k)))
        return self.act(h + self.emb(sigma_idx).unsqueeze(-1))


class SmallScoreNet(nn.Module):
    def __init__(self, cfg, sigmas):
        super().__init__()
        c = cfg["channels"]
        self.register_buffer("sigmas", sigmas)
        self.blocks = nn.ModuleList([LaminaBlock(1, c, len(sigmas)), LaminaBlock(c, c, len(sigmas))])
        self.head = nn.Conv1d(c, 1, 1)

    def forward(self, x, sigma_idx):
        h = x
        for blk in self.blocks:
            h = blk(h, sigma_idx)
        return self.head(h) / self.sigmas[sigma_idx].view(-1, 1, 1)


class LargeScoreNet(SmallScoreNet):
    """Wider variant with a hard-swish bottleneck; only for the full-resolution scans."""

    def __init__(self, cfg, sigmas):
        super().__init__(cfg, sigmas)
        c = cfg["channels"]
        self.bottleneck = nn.Sequential(nn.Conv1d(c, 2 * c, 1), nn.Hardswish(), nn.Conv1d(2 * c, c, 1))

    def forward(self, x, sigma_idx):
        h = x
        for blk in self.blocks:
            h = blk(h, sigma_idx)
        h = h + self.bottleneck(h)
        return self.head(h) / self.sigmas[sigma_idx].view(-1, 1, 1)


NETS = {"small": SmallScoreNet, "large": LargeScoreNet}


def ssm_vr_loss(net, x, sigma_idx, n_proj):
    score_fn = functools.partial(net, sigma_idx=sigma_idx)
    total = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(x)
        s, jv = torch.autograd.functional.jvp(score_fn, x, v, create_graph=True)
        total = total + (v * jv).flatten(1).sum(-1) + 0.5 * s.flatten(1).pow(2).sum(-1)
    return total.mean() / n_proj


@torch.no_grad()
def load_profiles(n, length, gen):
    """Synthetic laminae scans at irregular resolution, resampled to a fixed length."""
    raw_len = 97
    t = torch.linspace(0, 1, raw_len)
    freq = 8 + 4 * torch.rand(n, 1, generator=gen)
    prof = torch.sin(2 * math.pi * freq * t) + 0.2 * torch.randn(n, raw_len, generator=gen)
    prof = F.interpolate(prof.unsqueeze(1), size=length, mode="linear", align_corners=False)
    return (prof - prof.mean(-1, keepdim=True)) / prof.std(-1, keepdim=True)


@torch.no_grad()
def annealed_langevin(net, sigmas, shape, steps_per_sigma=3, eps=2e-5):
    x = torch.rand(shape) * 2 - 1
    for i, sigma in enumerate(sigmas):
        idx = torch.full((shape[0],), i, dtype=torch.long)
        alpha = eps * (sigma / sigmas[-1]) ** 2
        for _ in range(steps_per_sigma):
            x = x + alpha * net(x, idx) + torch.sqrt(2 * alpha) * torch.randn_like(x)
    return x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    cfg = dict(CONFIG)
    torch.manual_seed(args.seed)
    gen = torch.Generator().manual_seed(args.seed)

    sigmas = torch.exp(torch.linspace(math.log(cfg["sigma_max"]), math.log(cfg["sigma_min"]), cfg["n_sigmas"]))
    net = NETS[cfg["net"]](cfg, sigmas)
    opt = torch.optim.Adam(net.parameters(), lr=cfg["lr"])
    data = load_profiles(128, cfg["length"], gen)

    for it in range(args.iters):
        x0 = data[torch.randint(0, len(data), (cfg["batch"],), generator=gen)]
        sigma_idx = torch.randint(0, cfg["n_sigmas"], (cfg["batch"],), generator=gen)
        x = x0 + sigmas[sigma_idx].view(-1, 1, 1) * torch.randn_like(x0)
        loss = ssm_vr_loss(net, x, sigma_idx, cfg["n_proj"])
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it} ssm-vr {loss.item():.3f}")

    samples = annealed_langevin(net, sigmas, (4, 1, cfg["length"]))
    print("sample std", samples.std().item())


if __name__ == "__main__":
    main()
