"""First-order lookahead reweighting for e-ink bus-shelter display fault logs with noisy technician tags.

A cheap variant of learning-to-reweight: the virtual SGD step is taken on values only (torch.no_grad),
the clean-set gradient is evaluated at the look-ahead weights, and each training example is weighted by
the alignment of its own gradient (per-example, torch.func.vmap over torch.func.grad) with that clean
gradient. Nothing is differentiated through the virtual step.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

log = logging.getLogger("fo_reweight.eink")

SIGNALS = ["refresh_ms", "ghosting", "panel_temp", "humidity", "supply_v", "ping_loss", "uptime_h", "partial_cnt"]


class FaultNet(nn.Module):
    def __init__(self, d=len(SIGNALS), h=24):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, h), nn.GELU(approximate="tanh"), nn.Linear(h, h), nn.Softshrink(0.1))
        self.out = nn.Linear(h, 1)

    def forward(self, x):
        return self.out(self.body(x)).squeeze(-1)


def make_logs(n, gen, noise=0.0):
    x = torch.randn(n, len(SIGNALS), generator=gen)
    y = ((x[:, 1] + 0.5 * x[:, 2] - 0.7 * x[:, 4]) > 0.3).float()
    flip = torch.rand(n, generator=gen) < noise
    return x, torch.where(flip, 1 - y, y), y


class LookaheadReweighter:
    def __init__(self, model, lookahead_lr):
        self.model = model
        self.lr = lookahead_lr

    def _per_example_grads(self, params, x, y):
        def loss_one(p, xi, yi):
            logit = functional_call(self.model, p, (xi.unsqueeze(0),))
            return F.binary_cross_entropy_with_logits(logit, yi.unsqueeze(0))
        return vmap(grad(loss_one), in_dims=(None, 0, 0))(params, x, y)

    def weights(self, x, y, x_val, y_val):
        params = {k: v.detach() for k, v in self.model.named_parameters()}
        per_ex = self._per_example_grads(params, x, y)
        with torch.no_grad():
            fast = {k: params[k] - self.lr * per_ex[k].mean(0) for k in params}
        fast = {k: v.requires_grad_() for k, v in fast.items()}
        val_loss = F.binary_cross_entropy_with_logits(functional_call(self.model, fast, (x_val,)), y_val)
        g_val = torch.autograd.grad(val_loss, list(fast.values()))
        with torch.no_grad():
            align = sum((per_ex[k].flatten(1) * gv.flatten()).sum(1) for k, gv in zip(fast, g_val))
            w = torch.relu(align)
            return w / w.sum().clamp_min(1e-12), val_loss.item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=15)
    ap.add_argument("--noise", type=float, default=0.3)
    ap.add_argument("--lr", type=float, default=0.1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    gen = torch.Generator().manual_seed(12)
    torch.manual_seed(12)
    x, y_noisy, y_true = make_logs(160, gen, args.noise)
    x_val, y_val, _ = make_logs(24, gen)
    model = FaultNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    rw = LookaheadReweighter(model, args.lr)
    for step in range(args.steps):
        idx = torch.randint(0, 160, (32,), generator=gen)
        w, val = rw.weights(x[idx], y_noisy[idx], x_val, y_val)
        loss = (w * F.binary_cross_entropy_with_logits(model(x[idx]), y_noisy[idx], reduction="none")).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        noisy = (y_noisy[idx] != y_true[idx]).float()
        log.info("step %2d loss %.4f val %.4f weight on noisy tags %.3f", step, loss.item(), val,
                 (w * noisy).sum().item())


if __name__ == "__main__":
    main()
