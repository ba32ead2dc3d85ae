"""Fibre-splice fault classifier for OTDR traces, trained with a parameter gradient-norm penalty.

Mixed precision follows the "gradient penalty" recipe of the torch.amp docs: the penalty gradients are taken
from the *scaled* loss with create_graph=True, unscaled by hand, and the combined loss is scaled again for
backward.  An EMA copy of the classifier is kept for evaluation.
"""
import argparse
import copy
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("otdr")
SPLICE_CLASSES = ("good", "fusion_bubble", "core_offset", "cleave_angle")


def synthetic_otdr(n, length=96, seed=0):
    """Backscatter traces (dB) with a loss step / reflective spike at the splice."""
    g = torch.Generator().manual_seed(seed)
    z = torch.linspace(0, 1, length)
    y = torch.randint(0, len(SPLICE_CLASSES), (n,), generator=g)
    base = -0.35 * z.expand(n, length) + 0.02 * torch.randn(n, length, generator=g)
    pos = torch.randint(30, 70, (n,), generator=g)
    for i in range(n):
        step = 0.05 * (y[i] + 1)
        base[i, pos[i]:] -= step
        if y[i] == 2:
            base[i, pos[i]] += 0.3
    # raw trace + its first difference as the two input channels
    diff = F.pad(base[:, 1:] - base[:, :-1], (1, 0))
    return torch.stack([base, diff], 1), y


class SpliceNet(nn.Module):
    def __init__(self, width=16, n_cls=4):
        super().__init__()
        self.stem = nn.Conv1d(2, width, 5, padding=2)
        self.norm = nn.GroupNorm(4, width)
        self.act = nn.Hardswish()
        self.body = nn.Conv1d(width, width, 3, padding=1)
        self.head = nn.Linear(width, n_cls)

    def forward(self, x):
        h = self.act(self.norm(self.stem(x)))
        h = torch.tanh(self.body(h))
        return self.head(h.mean(-1))


@torch.no_grad()
def ema_update(ema, model, decay):
    for pe, pm in zip(ema.parameters(), model.parameters()):
        pe.mul_(decay).add_(pm.detach(), alpha=1 - decay)


@torch.no_grad()
def evaluate(ema, x, y):
    logp = F.log_softmax(ema(x), dim=-1)
    return (logp.argmax(-1) == y).float().mean().item(), -logp.gather(1, y[:, None]).mean().item()


def train_step(model, opt, scaler, x, y, args):
    opt.zero_grad(set_to_none=True)
    params = [p for p in model.parameters() if p.requires_grad]
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16, enabled=args.amp):
        logits = model(x)
        loss = F.cross_entropy(logits.float(), y)

    # penalty grads from the scaled loss, then unscale by hand (torch.amp gradient-penalty recipe)
    scaled_grads = torch.autograd.grad(scaler.scale(loss), params, create_graph=True)
    inv_scale = 1.0 / scaler.get_scale()
    grads = [g * inv_scale for g in scaled_grads]
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16, enabled=args.amp):
        grad_norm = torch.sqrt(sum(g.pow(2).sum() for g in grads) + 1e-12)
        total = loss + args.gn_weight * grad_norm

    scaler.scale(total).backward()
    scaler.unscale_(opt)
    torch.nn.utils.clip_grad_norm_(params, 5.0)
    scaler.step(opt)
    scaler.update()
    return loss.item(), grad_norm.item()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=6)
    p.add_argument("--gn-weight", type=float, default=0.05)
    p.add_argument("--amp", action="store_true", default=True)
    p.add_argument("--ema-decay", type=float, default=0.9)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    x, y = synthetic_otdr(48)
    model = SpliceNet()
    ema = copy.deepcopy(model).requires_grad_(False)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    scaler = torch.amp.GradScaler("cpu", init_scale=2.0 ** 10, enabled=args.amp)

    for step in range(args.steps):
        idx = torch.randperm(len(x))[:16]
        loss, gn = train_step(model, opt, scaler, x[idx], y[idx], args)
        ema_update(ema, model, args.ema_decay)
        log.info("step %d  ce %.4f  |grad| %.4f  scale %.0f", step, loss, gn, scaler.get_scale())
    assert model.stem.weight.grad is not None and model.stem.weight.grad.abs().sum() > 0
    acc, nll = evaluate(ema, x, y)
    log.info("ema acc %.3f  nll %.3f", acc, nll)


if __name__ == "__main__":
    main()
