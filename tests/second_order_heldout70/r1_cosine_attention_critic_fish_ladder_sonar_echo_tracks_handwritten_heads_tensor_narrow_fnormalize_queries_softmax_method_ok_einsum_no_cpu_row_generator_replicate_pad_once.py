"""R1-regularised GAN for fish-ladder sonar echo tracks (ARIS-style track features).

The critic is a small transformer written without nn layers: raw parameters, `@`, per-head slicing,
cosine-similarity attention with a learned temperature, and a hand-written pre-norm.
R1 = E ||d D(x_real) / d x_real||^2 on real tracks (zero-centred, Mescheder et al. 2018).
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("fishladder.r1")


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=4)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--track-len", type=int, default=24)
    p.add_argument("--feat", type=int, default=6)  # range, bearing, echo area, speed, depth, intensity
    p.add_argument("--width", type=int, default=32)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--r1-gamma", type=float, default=5.0)
    p.add_argument("--seed", type=int, default=3)
    return p.parse_args()


def hand_layernorm(h, gain, eps=1e-5):
    mu = h.mean(-1, keepdim=True)
    var = (h - mu).pow(2).mean(-1, keepdim=True)
    return (h - mu) * torch.rsqrt(var + eps) * gain


class CosineAttentionCritic(nn.Module):
    def __init__(self, feat, width, heads, track_len):
        super().__init__()
        self.heads, self.dh = heads, width // heads
        self.w_in = nn.Parameter(torch.randn(feat, width) / math.sqrt(feat))
        self.pos = nn.Parameter(torch.zeros(track_len, width))
        self.w_qkv = nn.Parameter(torch.randn(width, 3 * width) / math.sqrt(width))
        self.w_out = nn.Parameter(torch.randn(width, width) / math.sqrt(width))
        self.log_tau = nn.Parameter(torch.full((heads,), math.log(10.0)))
        self.g1 = nn.Parameter(torch.ones(width))
        self.w_ff = nn.Parameter(torch.randn(width, 2 * width) / math.sqrt(width))
        self.w_ff2 = nn.Parameter(torch.randn(2 * width, width) / math.sqrt(2 * width))
        self.w_head = nn.Parameter(torch.randn(width) / math.sqrt(width))

    def attend(self, h):
        q, k, v = (h @ self.w_qkv).chunk(3, dim=-1)
        outs = []
        for i in range(self.heads):
            lo = i * self.dh
            qh, kh, vh = (t.narrow(-1, lo, self.dh) for t in (q, k, v))
            qn = F.normalize(qh, dim=-1)
            kn = kh / kh.norm(dim=-1, keepdim=True).clamp_min(1e-6)
            scores = (qn @ kn.transpose(-2, -1)) * self.log_tau[i].exp()
            attn = scores.softmax(-1)
            outs.append(torch.einsum("bts,bsd->btd", attn, vh))
        return torch.cat(outs, dim=-1) @ self.w_out

    def forward(self, x):
        h = x @ self.w_in + self.pos
        h = h + self.attend(hand_layernorm(h, self.g1))
        ff = hand_layernorm(h, self.g1) @ self.w_ff
        h = h + (ff * ff.sigmoid()) @ self.w_ff2
        return h.mean(1) @ self.w_head


class TrackGenerator(nn.Module):
    def __init__(self, zdim, feat, track_len, width=64):
        super().__init__()
        self.feat, self.track_len = feat, track_len
        self.w1 = nn.Parameter(torch.randn(zdim, width) / math.sqrt(zdim))
        self.w2 = nn.Parameter(torch.randn(width, feat * track_len) / math.sqrt(width))

    def forward(self, z):
        raw = (z @ self.w1).tanh() @ self.w2
        raw = raw.view(z.shape[0], self.feat, self.track_len)
        # smooth along time with a 3-tap box filter, edges replicated
        padded = F.pad(raw, (1, 1), mode="replicate")
        smooth = padded.unfold(-1, 3, 1).mean(-1)
        return smooth.permute(0, 2, 1)


def synthetic_tracks(n, t, f, gen):
    time = torch.linspace(0, 1, t)
    base = torch.stack([torch.sin(2 * math.pi * (k + 1) * time) for k in range(f)], dim=-1)
    drift = torch.randn(n, 1, f, generator=gen) * 0.3
    return base.unsqueeze(0) + drift + 0.05 * torch.randn(n, t, f, generator=gen)


def r1_penalty(critic, real):
    real = real.detach().requires_grad_(True)
    d_real = critic(real)
    (grad_real,) = torch.autograd.grad(d_real.sum(), real, create_graph=True)
    r1 = grad_real.pow(2).flatten(1).sum(1).mean()
    assert r1.requires_grad  # double-backward graph built
    return d_real, r1


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    data = synthetic_tracks(128, args.track_len, args.feat, gen)
    critic = CosineAttentionCritic(args.feat, args.width, args.heads, args.track_len)
    netg = TrackGenerator(16, args.feat, args.track_len)
    opt_d = torch.optim.Adam(critic.parameters(), lr=2e-4, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(netg.parameters(), lr=2e-4, betas=(0.0, 0.99))
    for step in range(args.steps):
        real = data[torch.randint(0, data.shape[0], (args.batch,), generator=gen)]
        fake = netg(torch.randn(args.batch, 16)).detach()
        d_real, r1 = r1_penalty(critic, real)
        loss_d = F.softplus(critic(fake)).mean() + F.softplus(-d_real).mean() + 0.5 * args.r1_gamma * r1
        opt_d.zero_grad()
        loss_d.backward()
        assert critic.w_qkv.grad is not None and critic.w_qkv.grad.abs().sum() > 0
        opt_d.step()

        loss_g = F.softplus(-critic(netg(torch.randn(args.batch, 16)))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        log.info("step %d loss_d %.4f r1 %.4f loss_g %.4f", step, loss_d.item(), r1.item(), loss_g.item())


if __name__ == "__main__":
    main()
