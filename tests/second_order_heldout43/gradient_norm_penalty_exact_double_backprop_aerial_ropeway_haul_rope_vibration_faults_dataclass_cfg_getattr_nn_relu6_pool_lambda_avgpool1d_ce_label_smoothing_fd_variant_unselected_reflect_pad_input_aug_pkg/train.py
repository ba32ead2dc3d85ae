"""Train the haul-rope fault classifier with a gradient-norm penalty lam * ||grad_w L|| (Zhao et al., 2022)."""
import argparse
import math

import torch
import torch.nn.functional as F

from config import TrainConfig
from model import RopeFaultNet


def exact_grad_norm(loss, params, **_):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    return torch.sqrt(sum((g ** 2).sum() for g in grads) + 1e-12)


def fd_grad_norm(loss, params, loss_fn=None, radius=0.01):
    """First-order surrogate: adds (g(w + r g/|g|) - g(w)) / r to .grad and returns |g| as a constant."""
    g0 = torch.autograd.grad(loss, params, retain_graph=True)
    norm = torch.sqrt(sum((g ** 2).sum() for g in g0)) + 1e-12
    with torch.no_grad():
        for p, g in zip(params, g0):
            p.add_(g, alpha=radius / norm.item())
    g1 = torch.autograd.grad(loss_fn(), params)
    with torch.no_grad():
        for p, a, b in zip(params, g0, g1):
            p.sub_(a, alpha=radius / norm.item())
            p.grad = (b - a) / radius if p.grad is None else p.grad + (b - a) / radius
    return norm.detach()


PENALTIES = {"exact": exact_grad_norm, "fd": fd_grad_norm}


def synth_windows(n, length, g):
    t = torch.linspace(0, 1, length)
    y = torch.randint(0, 3, (n,), generator=g)
    base = torch.sin(2 * math.pi * 9 * t) + 0.2 * torch.randn(n, length, generator=g)
    spikes = (torch.rand(n, length, generator=g) > 0.97).float() * 3.0
    wobble = 0.8 * torch.sin(2 * math.pi * 2 * t + torch.rand(n, 1, generator=g))
    x = base + (y == 1).float()[:, None] * spikes + (y == 2).float()[:, None] * wobble
    return x[:, None, :], y


def reflect_shift(x, shift):
    """Random time shift of the raw signal: reflect-pad, then crop back to the window length."""
    padded = F.pad(x, (shift, shift), mode="reflect")
    start = torch.randint(0, 2 * shift + 1, (1,)).item()
    return padded[..., start:start + x.shape[-1]]


def main():
    cfg = TrainConfig()
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=cfg.steps)
    ap.add_argument("--lam", type=float, default=cfg.penalty.lam)
    args = ap.parse_args()

    torch.manual_seed(cfg.seed)
    g = torch.Generator().manual_seed(cfg.seed)
    x, y = synth_windows(96, cfg.window, g)
    model = RopeFaultNet(cfg.model)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.SGD(params, lr=cfg.lr, momentum=0.9)
    penalty_fn = PENALTIES[cfg.penalty.mode]

    for step in range(args.steps):
        idx = torch.randint(0, x.shape[0], (cfg.batch,), generator=g)
        xb, yb = reflect_shift(x[idx], 4), y[idx]
        ce = lambda: F.cross_entropy(model(xb), yb, label_smoothing=cfg.label_smoothing)
        loss = ce()
        opt.zero_grad()
        pen = penalty_fn(loss, params, loss_fn=ce, radius=cfg.penalty.fd_radius)
        total = loss + args.lam * pen
        total.backward()
        opt.step()
        print(f"step {step} ce {loss.item():.4f} |grad| {pen.item():.4f} total {total.item():.4f}")


if __name__ == "__main__":
    main()
