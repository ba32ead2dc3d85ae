"""Learning to reweight (Ren et al. 2018) for frost-kill labels of espalier pear blossoms.

Volunteers score blossoms as frost-killed after each cold night (noisy); a small clean set comes from
cut-section inspection in the lab. Each step: per-example weights eps -> one lookahead SGD step on the
eps-weighted noisy loss (create_graph) -> clean loss of the lookahead model -> d clean / d eps.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

FEATURES = ("t_min", "hours_below_0", "bud_stage", "wind", "rel_humidity", "wall_aspect", "canopy_height", "dew_point")
HP = dict(hidden=(32, 16), inner_lr=0.1, lr=3e-3, batch=32, val_batch=16, epochs=2)


class SymLog(torch.autograd.Function):
    """sign(x) * log(1 + |x|): compresses the heavy-tailed 'hours below zero' and wind readings."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sign(x) * torch.log1p(x.abs())

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out / (1.0 + x.abs())


class FrostKillNet(nn.Module):
    def __init__(self, n_in, hidden):
        super().__init__()
        dims = (n_in,) + tuple(hidden)
        self.hidden = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.logit = nn.Linear(dims[-1], 1)

    def forward(self, x):
        h = SymLog.apply(x)
        for layer in self.hidden:
            h = F.elu(layer(h))
        return self.logit(h).squeeze(-1)


def build_model(hidden, **_):
    return FrostKillNet(len(FEATURES), hidden)


def example_weights(model, x, y, xv, yv, inner_lr):
    params = dict(model.named_parameters())
    eps = torch.zeros(x.size(0), requires_grad=True)
    per_example = F.binary_cross_entropy_with_logits(functional_call(model, params, (x,)), y, reduction="none")
    grads = torch.autograd.grad((eps * per_example).sum(), list(params.values()), create_graph=True)
    lookahead = {k: p - inner_lr * g for (k, p), g in zip(params.items(), grads)}
    clean_loss = F.binary_cross_entropy_with_logits(functional_call(model, lookahead, (xv,)), yv)
    (g_eps,) = torch.autograd.grad(clean_loss, eps)
    w = torch.clamp(-g_eps, min=0.0)
    return w / w.sum().clamp_min(1e-8)


def orchard_nights(n, noise=0.3, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, len(FEATURES), generator=g)
    x[:, 1] = torch.relu(-x[:, 0]) * 6 + torch.rand(n, generator=g)
    p = torch.sigmoid(-2.0 * x[:, 0] + 0.5 * x[:, 1] + 0.8 * x[:, 2] - 0.5 * x[:, 5])
    y = torch.bernoulli(p, generator=g)
    flip = torch.rand(n, generator=g) < noise
    return x, torch.where(flip, 1 - y, y)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=HP["epochs"])
    args = ap.parse_args()
    torch.manual_seed(0)

    x_noisy, y_noisy = orchard_nights(128, noise=0.3, seed=1)
    x_clean, y_clean = orchard_nights(32, noise=0.0, seed=2)
    model = build_model(**HP)
    opt = torch.optim.SGD(model.parameters(), lr=HP["lr"], momentum=0.9)

    for epoch in range(args.epochs):
        for i in range(0, x_noisy.size(0), HP["batch"]):
            x, y = x_noisy[i:i + HP["batch"]], y_noisy[i:i + HP["batch"]]
            j = torch.randint(0, x_clean.size(0), (HP["val_batch"],))
            w = example_weights(model, x, y, x_clean[j], y_clean[j], HP["inner_lr"])
            loss = (w * F.binary_cross_entropy_with_logits(model(x), y, reduction="none")).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            acc = ((model(x_clean) > 0).float() == y_clean).float().mean().item()
        print(f"epoch {epoch}: weighted loss {loss.item():.4f} kept {(w > 0).float().mean():.2f} clean acc {acc:.2f}")


if __name__ == "__main__":
    main()
