"""Classify vessel manoeuvres at a barge lock from AIS windows, penalising reliance on annotated shortcuts.

The 'heading' channel is known to leak the label at this lock (the approach channel is one-way), and the
first steps of a window are padding from the AIS gap filler; the annotation mask marks both as irrelevant.
Run from this folder:  python train.py --epochs 2
"""
import argparse

import torch
import torch.nn.functional as F

import lib.objectives as O
from lib import MANOEUVRES, TrackEncoder

CFG = {"width": 32, "lr": 2e-3, "lambda_rrr": 5.0, "batch": 16, "steps": 32, "coarse_steps": 8}
CHANNELS = ("east", "north", "sog", "cog_sin", "cog_cos", "heading")


def synthetic_ais(n, steps, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, len(MANOEUVRES), (n,), generator=g)
    x = torch.randn(n, len(CHANNELS), steps, generator=g) * 0.5
    x[:, 2] += (y.float() - 1.5).unsqueeze(1) * torch.linspace(0, 1, steps)
    x[:, 5] += y.float().unsqueeze(1)  # the shortcut
    return x, y


@torch.no_grad()
def annotation_mask(n, steps, coarse_steps):
    """Coarse per-segment annotation (8 segments) brought to the AIS resolution."""
    coarse = torch.zeros(n, len(CHANNELS), coarse_steps)
    coarse[:, CHANNELS.index("heading")] = 1.0
    coarse[:, :, 0] = 1.0
    return F.interpolate(coarse, size=steps, mode="nearest")


@torch.no_grad()
def accuracy(model, x, y):
    return (F.softmax(model(x), dim=-1).argmax(-1) == y).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(0)

    x_all, y_all = synthetic_ais(64, CFG["steps"])
    mask_all = annotation_mask(64, CFG["steps"], CFG["coarse_steps"])
    model = TrackEncoder(in_ch=len(CHANNELS), width=CFG["width"])
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])

    for epoch in range(args.epochs):
        perm = torch.randperm(x_all.size(0))
        for i in range(0, x_all.size(0), CFG["batch"]):
            idx = perm[i:i + CFG["batch"]]
            x, y, mask = x_all[idx], y_all[idx], mask_all[idx]
            ce = O.task_loss(model(x), y)
            rrr = O.rrr_penalty(model, x, mask)
            opt.zero_grad()
            (ce + CFG["lambda_rrr"] * rrr).backward()
            opt.step()
        print(f"epoch {epoch}: ce {ce.item():.4f} rrr {rrr.item():.4f} acc {accuracy(model, x_all, y_all):.2f}")


if __name__ == "__main__":
    main()
