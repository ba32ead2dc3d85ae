"""Learning to Reweight Examples (Ren et al., 2018) for alpaca fleece grading with noisy shearer labels.

Binary target: "fine" (<= 22.5 micron) vs "coarse" fleece from lab fibre measurements. The shed labels are
noisy, a small clean set was re-measured in the lab. Per-example weights come from the gradient of the clean
loss w.r.t. per-example epsilons after a virtual SGD step. The virtual step is taken on a deep copy of the
model whose parameters are replaced by non-leaf tensors (the MetaModule trick).
"""
import argparse
import copy
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("l2rw.fleece")

FEATURES = ["mean_micron", "sd_micron", "cv", "comfort_factor", "curvature", "staple_length", "staple_strength",
            "yield", "medullation", "colour_y"]


class FleeceGrader(nn.Module):
    def __init__(self, d_in=len(FEATURES), hidden=32):
        super().__init__()
        self.inp = nn.Linear(d_in, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.act = nn.GELU(approximate="tanh")
        self.hidden = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.act(self.norm(self.inp(x)))
        h = self.act(self.hidden(h)) + h
        return self.out(h).squeeze(-1)


def replace_parameters(module, new_params):
    """Swap every registered parameter of `module` for the matching tensor (keeps the autograd graph)."""
    for name, tensor in new_params.items():
        *path, leaf = name.split(".")
        owner = module
        for p in path:
            owner = getattr(owner, p)
        del owner._parameters[leaf]
        setattr(owner, leaf, tensor)


def reweight(model, x, y, x_val, y_val, lr):
    meta = copy.deepcopy(model)
    eps = torch.zeros(len(y), requires_grad=True)
    logits = meta(x)
    cost = F.binary_cross_entropy_with_logits(logits, y, reduction="none")
    named = list(meta.named_parameters())
    grads = torch.autograd.grad((eps * cost).sum(), [p for _, p in named], create_graph=True)
    replace_parameters(meta, {n: p - lr * g for (n, p), g in zip(named, grads)})
    val_loss = F.binary_cross_entropy_with_logits(meta(x_val), y_val)
    grad_eps, = torch.autograd.grad(val_loss, eps)
    w = torch.clamp(-grad_eps, min=0.0)
    norm = w.sum()
    return (w / norm if norm > 0 else w), grad_eps


def make_fleeces(n, gen, noise=0.0):
    raw = torch.rand(n, len(FEATURES), generator=gen) * 30 + 5
    micron = raw[:, 0] * 0.6 + raw[:, 1] * 0.3
    y = (micron <= 16.0).float()
    flip = torch.rand(n, generator=gen) < noise
    y_noisy = torch.where(flip, 1 - y, y)
    return raw, y_noisy, y


def standardise(raw):
    # per-animal feature profile: unit-norm rows, then log scaling of the magnitudes (data only)
    return torch.cat([F.normalize(raw, dim=1), torch.log1p(raw) / 4.0], dim=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=12)
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--noise", type=float, default=0.35)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    gen = torch.Generator().manual_seed(7)
    torch.manual_seed(7)

    raw, y_noisy, y_true = make_fleeces(128, gen, args.noise)
    raw_val, y_val, _ = make_fleeces(16, gen)
    x, x_val = standardise(raw), standardise(raw_val)
    model = FleeceGrader(d_in=x.shape[1])
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)

    for step in range(args.steps):
        idx = torch.randint(0, 128, (32,), generator=gen)
        w, grad_eps = reweight(model, x[idx], y_noisy[idx], x_val, y_val, args.lr)
        assert grad_eps.abs().sum() > 0
        loss = (w * F.binary_cross_entropy_with_logits(model(x[idx]), y_noisy[idx], reduction="none")).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        noisy = (y_noisy[idx] != y_true[idx]).float()
        log.info("step %2d loss %.4f weight on noisy %.3f", step, loss.item(), (w * noisy).sum().item())


if __name__ == "__main__":
    main()
