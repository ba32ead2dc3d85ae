"""Velvet pile-height scan defect classifier (crush / shading / missing tufts) with double backprop."""
import argparse

import torch
import torch.nn.functional as F

from accel import Accelerator
from losses import double_backprop_loss, shift_consistency
from models import PileDefectNet

DEFECTS = ("clean", "crush", "shading", "missing_tufts")


def pile_scans(n, length=64, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, len(DEFECTS), (n,), generator=g)
    x = 1.0 + 0.05 * torch.randn(n, 1, length, generator=g)
    for i in range(n):
        if y[i] == 1:
            x[i, :, 20:36] -= 0.4
        elif y[i] == 2:
            x[i] += torch.linspace(-0.2, 0.2, length)
        elif y[i] == 3:
            x[i, :, ::9] = 0.3
    # sensor smoothing on the raw profile (no parameters involved)
    x = F.avg_pool1d(F.pad(x, (1, 1), mode="replicate"), 3, stride=1)
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--accum", type=int, default=2)
    ap.add_argument("--db-weight", type=float, default=0.5)
    ap.add_argument("--cons-weight", type=float, default=0.1)
    args = ap.parse_args()
    torch.manual_seed(0)

    accelerator = Accelerator(mixed_precision="no", gradient_accumulation_steps=args.accum)
    net = PileDefectNet(len(DEFECTS))
    opt = torch.optim.Adam(net.parameters(), lr=2e-3)
    model, opt = accelerator.prepare(net, opt)
    x, y = pile_scans(64)

    for step in range(args.steps):
        idx = torch.randperm(len(x))[:16]
        with accelerator.accumulate(model):
            loss, logits = double_backprop_loss(model, x[idx], y[idx], args.db_weight)
            loss = loss + args.cons_weight * shift_consistency(model, x[idx], logits)
            accelerator.backward(loss)
            if accelerator.sync_gradients:
                grad_seen = net.blocks[0].conv.weight.grad.abs().sum().item()
                opt.step()
                opt.zero_grad()
        accelerator.print(f"step {step} loss {loss.item():.4f}")

    raw = accelerator.unwrap_model(model)
    assert grad_seen > 0
    with torch.no_grad():
        acc = (raw(x).argmax(-1) == y).float().mean().item()
    accelerator.print(f"train acc {acc:.3f}")


if __name__ == "__main__":
    main()
