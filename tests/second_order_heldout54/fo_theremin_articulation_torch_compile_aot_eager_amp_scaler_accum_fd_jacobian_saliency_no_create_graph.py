"""Theremin articulation classifier (legato / staccato / vibrato / glissando / portamento).

Inputs are the pitch-antenna and volume-antenna capacitance traces (2 channels). The model is compiled
with torch.compile (aot_eager by default: AOTAutograd cannot run a double backward, so the input-smoothness
term is a finite-difference Jacobian-vector estimate, not double backprop), trained with bf16 autocast,
a GradScaler and gradient accumulation. A callback logs input saliency with a plain first-order grad.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

ARTICULATIONS = ["legato", "staccato", "vibrato", "glissando", "portamento"]


class ThereminNet(nn.Module):
    def __init__(self, width=32, n_classes=len(ARTICULATIONS)):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(2, width, 7, padding=3),
            nn.GroupNorm(4, width),
            nn.GELU(approximate="tanh"),
            nn.AvgPool1d(2),
            nn.Conv1d(width, width, 5, padding=2),
            nn.GroupNorm(4, width),
            nn.GELU(approximate="tanh"),
        )
        self.head = nn.Linear(width, n_classes)

    def forward(self, x):
        return self.head(self.features(x).mean(dim=-1))


def fd_jacobian_penalty(model, x, logits, h=1e-2):
    """||J d||^2 for a random unit direction d, by a forward finite difference (first order only)."""
    d = torch.randn_like(x)
    d = d / d.flatten(1).norm(dim=1).view(-1, 1, 1)
    return ((model(x + h * d) - logits) / h).pow(2).sum(dim=1).mean()


class SaliencyLogger:
    def __init__(self, every=2):
        self.every = every
        self.log = []

    def __call__(self, step, model, x):
        if step % self.every:
            return
        x = x[:2].clone().requires_grad_(True)
        score = model(x).max(dim=1).values.sum()
        (g,) = torch.autograd.grad(score, x)
        self.log.append(g.abs().mean(dim=(0, 2)).tolist())


def fake_traces(n, length):
    t = torch.linspace(0, 1, length)
    pitch = torch.sin(2 * torch.pi * (3 + 4 * torch.rand(n, 1)) * t) + 0.1 * torch.randn(n, length)
    volume = torch.sigmoid(10 * (t - torch.rand(n, 1))) + 0.05 * torch.randn(n, length)
    return torch.stack([pitch, volume], dim=1), torch.randint(0, len(ARTICULATIONS), (n,))


def main(args):
    torch.manual_seed(0)
    net = ThereminNet()
    model = torch.compile(net, backend=args.backend) if args.backend != "none" else net
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr)
    scaler = torch.amp.GradScaler("cpu", enabled=bool(args.amp))
    saliency = SaliencyLogger()
    for step in range(args.steps):
        opt.zero_grad(set_to_none=True)
        for micro in range(args.accum):
            x, y = fake_traces(args.batch, args.length)
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bool(args.amp)):
                logits = model(x)
                ce = F.cross_entropy(logits.float(), y, label_smoothing=0.1)
                smooth = fd_jacobian_penalty(model, x, logits).float()
                loss = (ce + args.smooth_w * smooth) / args.accum
            scaler.scale(loss).backward()
        scaler.unscale_(opt)
        gnorm = torch.nn.utils.clip_grad_norm_(net.parameters(), args.clip)
        scaler.step(opt)
        scaler.update()
        saliency(step, model, x)
        print(f"step {step} ce {ce.item():.4f} fd-jac {smooth.item():.4f} |g| {gnorm.item():.3f}")
    print("saliency (pitch, volume):", [[round(v, 5) for v in s] for s in saliency.log])


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--backend", default="aot_eager")
    ap.add_argument("--amp", type=int, default=1)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--accum", type=int, default=2)
    ap.add_argument("--batch", type=int, default=6)
    ap.add_argument("--length", type=int, default=64)
    ap.add_argument("--smooth-w", type=float, default=1e-3)
    ap.add_argument("--clip", type=float, default=1.0)
    ap.add_argument("--lr", type=float, default=2e-3)
    main(ap.parse_args())
