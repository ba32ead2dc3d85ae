"""Noise-conditional score model for road elevation profiles (laser profilometer, 0.25 m spacing),
trained with sliced score matching with variance reduction (SSM-VR, Song et al. 2019):

    L = E_v [ v^T (d s / dx) v ] + 0.5 ||s(x)||^2

The directional derivative v^T (ds/dx) v is a gradient of v^T s taken with create_graph=True.
Samples for the pavement-roughness report come from annealed Langevin dynamics (no training).
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

SIGMAS = torch.tensor([0.5, 0.25, 0.12, 0.06])


def rpad(h, k=5):
    return F.pad(h, (k // 2, k // 2), mode="replicate")


class ProfileScoreNet(nn.Module):
    def __init__(self, ch=16, n_sigmas=len(SIGMAS)):
        super().__init__()
        self.inp = nn.Conv1d(1, ch, 5)
        self.mid = nn.Conv1d(ch, ch, 5)
        self.out = nn.Conv1d(ch, 1, 5)
        self.sigma_emb = nn.Embedding(n_sigmas, ch)

    def forward(self, x, sidx):
        h = self.inp(rpad(x))
        h = F.silu(h + self.sigma_emb(sidx)[:, :, None])
        h = self.mid(rpad(h))
        h = F.softshrink(h, lambd=0.05)
        return self.out(rpad(h)) / SIGMAS[sidx][:, None, None]


def make_ssm_vr(n_proj):
    def loss_fn(net, x, sidx):
        x = x.requires_grad_(True)
        s = net(x, sidx)
        total = 0.0
        for _ in range(n_proj):
            v = torch.randn_like(x)
            (gv,) = torch.autograd.grad((s * v).sum(), x, create_graph=True)
            total = total + (gv * v).flatten(1).sum(1)
        sq = 0.5 * s.pow(2).flatten(1).sum(1)
        w = SIGMAS[sidx] ** 2
        return (w * (total / n_proj + sq)).mean()
    return loss_fn


def make_dsm():
    def loss_fn(net, x_clean, sidx):
        sig = SIGMAS[sidx][:, None, None]
        noise = torch.randn_like(x_clean) * sig
        target = -noise / sig ** 2
        return 0.5 * ((net(x_clean + noise, sidx) - target) ** 2 * sig ** 2).flatten(1).sum(1).mean()
    return loss_fn


LOSSES = {"ssm_vr": make_ssm_vr, "dsm": make_dsm}


@torch.no_grad()
def annealed_langevin(net, n, length, steps=5, eps=2e-3):
    x = torch.rand(n, 1, length)
    for i, sig in enumerate(SIGMAS):
        alpha = eps * (sig / SIGMAS[-1]) ** 2
        sidx = torch.full((n,), i, dtype=torch.long)
        for _ in range(steps):
            x = x + alpha * net(x, sidx) + (2 * alpha).sqrt() * torch.randn_like(x)
    return x


def synthetic_profiles(n, length):
    pos = torch.linspace(0, 8, length)
    phase = torch.rand(n, 1) * 6.28
    x = 0.3 * torch.sin(pos * 1.7 + phase) + 0.1 * torch.sin(pos * 5.3 + 2 * phase)
    return x[:, None, :] + 0.02 * torch.randn(n, 1, length)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--loss", default="ssm_vr", choices=sorted(LOSSES))
    ap.add_argument("--n-proj", type=int, default=2)
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--length", type=int, default=32)
    args = ap.parse_args()
    torch.manual_seed(0)
    net = ProfileScoreNet()
    loss_fn = LOSSES[args.loss](args.n_proj) if args.loss == "ssm_vr" else LOSSES[args.loss]()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(args.steps):
        clean = synthetic_profiles(16, args.length)
        sidx = torch.randint(0, len(SIGMAS), (16,))
        if args.loss == "ssm_vr":
            noisy = clean + SIGMAS[sidx][:, None, None] * torch.randn_like(clean)
            loss = loss_fn(net, noisy, sidx)
        else:
            loss = loss_fn(net, clean, sidx)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} {args.loss} {loss.item():.3f}")
    samples = annealed_langevin(net, 4, args.length)
    with torch.no_grad():
        rough = F.smooth_l1_loss(samples[..., 1:], samples[..., :-1], beta=0.01)
    print("sample roughness", round(rough.item(), 4))


if __name__ == "__main__":
    main()
