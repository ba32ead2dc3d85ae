"""Sharpness-aware minimisation WITHOUT the first-order shortcut, for a rowing boat-speed model.

Oarlock force curves of one stroke (8 rowers x 64 samples) predict the boat-speed gain of the
stroke.  Standard SAM treats the ascent step eps = rho g / ||g|| as a constant; here its
dependence on the weights is kept (variant "exact"):

    L_SAM(w) = L(w + eps(w)),   eps(w) = rho * grad L(w) / ||grad L(w)||,

so d L_SAM / dw = (I + d eps/dw)^T grad L(w + eps) contains a Hessian-vector product, obtained by
taking grad L(w) with create_graph=True and back-propagating through it.  A small decoder that
reconstructs the crew-mean curve from the (detached) embedding is trained alongside as a monitor.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

DEFAULTS = {"variant": "exact", "rho": 0.05, "lr": 3e-3, "steps": 4, "batch": 12, "seats": 8, "samples": 64}


class StrokeEncoder(nn.Module):
    def __init__(self, seats, width=12):
        super().__init__()
        self.conv1 = nn.Conv1d(seats, width, 7, padding=3)
        self.pad = nn.ReflectionPad1d(2)
        self.conv2 = nn.Conv1d(width, width, 5, stride=2)
        self.head = nn.Linear(width, 1)

    def embed(self, x):
        h = F.gelu(self.conv1(x), approximate="tanh")
        return torch.tanh(self.conv2(self.pad(h)))

    def forward(self, x):
        return self.head(self.embed(x).mean(dim=-1)).squeeze(-1)


class CurveDecoder(nn.Module):
    def __init__(self, width=12):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv = nn.Conv1d(width, 1, 3, padding=1)

    def forward(self, z):
        return self.conv(self.up(z)).squeeze(1)


def synth_strokes(n, seats, samples, g):
    t = torch.linspace(0, 1, samples)
    catch = 0.1 * torch.rand(n, seats, 1, generator=g)
    curve = torch.relu(torch.sin(math.pi * (t - catch) / 0.7)) * (1 + 0.2 * torch.randn(n, seats, 1, generator=g))
    speed_gain = curve.mean(dim=(1, 2)) - 2.0 * catch.std(dim=1).squeeze(-1)
    return curve, speed_gain


def sam_loss(model, params, xb, yb, rho, variant):
    loss = F.mse_loss(model(xb), yb)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=(variant == "exact"))
    norm = torch.sqrt(sum((g ** 2).sum() for g in grads)) + 1e-12
    eps = {n: rho * g / norm for n, g in zip(params, grads)}
    if variant != "exact":
        eps = {n: e.detach() for n, e in eps.items()}
    perturbed = {n: p + eps[n] for n, p in params.items()}
    return F.mse_loss(functional_call(model, perturbed, (xb,)), yb), loss.detach()


def main():
    ap = argparse.ArgumentParser()
    for k, v in DEFAULTS.items():
        ap.add_argument(f"--{k}", type=type(v), default=v)
    args = ap.parse_args()

    torch.manual_seed(0)
    g = torch.Generator().manual_seed(8)
    x, y = synth_strokes(60, args.seats, args.samples, g)
    model = StrokeEncoder(args.seats)
    decoder = CurveDecoder()
    opt = torch.optim.Adam(list(model.parameters()) + list(decoder.parameters()), lr=args.lr)

    for step in range(args.steps):
        idx = torch.randint(0, x.shape[0], (args.batch,), generator=g)
        xb, yb = x[idx], y[idx]
        params = dict(model.named_parameters())
        loss_sam, loss_plain = sam_loss(model, params, xb, yb, args.rho, args.variant)
        recon = decoder(model.embed(xb).detach())
        loss_rec = F.mse_loss(recon, xb.mean(dim=1))
        opt.zero_grad()
        (loss_sam + 0.1 * loss_rec).backward()
        opt.step()
        print(f"step {step} L(w) {loss_plain.item():.4f} L(w+eps) {loss_sam.item():.4f} recon {loss_rec.item():.4f}")


if __name__ == "__main__":
    main()
