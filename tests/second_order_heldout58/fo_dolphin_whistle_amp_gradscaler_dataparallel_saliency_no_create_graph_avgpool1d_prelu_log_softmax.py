"""Dolphin signature-whistle classifier on pitch contours, trained with autocast + GradScaler.

Every few steps an input-saliency map is logged: the gradient of the *scaled* loss w.r.t. the contour
(retain_graph=True so the same graph is then used for the update), unscaled by hand. The saliency is
only logged; it does not enter the loss.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class WhistleNet(nn.Module):
    def __init__(self, n_ids, ch=16):
        super().__init__()
        self.conv1 = nn.Conv1d(2, ch, 5, padding=2)
        self.act1 = nn.PReLU(ch)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(ch, 2 * ch, 5, padding=2)
        self.act2 = nn.PReLU(2 * ch)
        self.fc = nn.Linear(2 * ch, n_ids)

    def forward(self, x):
        h = self.pool(self.act1(self.conv1(x)))
        h = self.pool(self.act2(self.conv2(h)))
        return F.log_softmax(self.fc(h.mean(-1)), dim=-1)


def whistle_batch(n, length, n_ids):
    ids = torch.randint(0, n_ids, (n,))
    t = torch.linspace(0, 1, length)
    f0 = 8 + ids[:, None].float() + 3 * torch.sin(2 * math.pi * (1 + ids[:, None] % 3) * t)
    f0 = f0 + 0.3 * torch.randn(n, length)
    slope = torch.diff(f0, dim=1, prepend=f0[:, :1])
    return torch.stack([(f0 - 10) / 5, slope], dim=1), ids


def saliency_entropy(sal):
    p = sal.abs().sum(1)
    p = p / p.sum(-1, keepdim=True).clamp_min(1e-12)
    return -(p * p.clamp_min(1e-12).log()).sum(-1).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=12)
    ap.add_argument("--length", type=int, default=64)
    ap.add_argument("--n-ids", type=int, default=6)
    ap.add_argument("--log-every", type=int, default=2)
    ap.add_argument("--clip", type=float, default=1.0)
    args = ap.parse_args()
    torch.manual_seed(12)
    model = nn.DataParallel(WhistleNet(args.n_ids))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler("cpu", init_scale=256.0)
    for step in range(args.steps):
        x, y = whistle_batch(args.batch, args.length, args.n_ids)
        log_now = step % args.log_every == 0
        x.requires_grad_(log_now)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            logp = model(x)
            loss = F.nll_loss(logp.float(), y)
        if log_now:
            (sal,) = torch.autograd.grad(scaler.scale(loss), x, retain_graph=True)
            with torch.no_grad():
                sal = sal / scaler.get_scale()
                print(f"  saliency entropy {saliency_entropy(sal).item():.3f}")
        opt.zero_grad(set_to_none=True)
        scaler.scale(loss).backward()
        scaler.unscale_(opt)
        gnorm = torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
        scaler.step(opt)
        scaler.update()
        print(f"step {step} nll {loss.item():.4f} grad_norm {gnorm.item():.3f}")


if __name__ == "__main__":
    main()
