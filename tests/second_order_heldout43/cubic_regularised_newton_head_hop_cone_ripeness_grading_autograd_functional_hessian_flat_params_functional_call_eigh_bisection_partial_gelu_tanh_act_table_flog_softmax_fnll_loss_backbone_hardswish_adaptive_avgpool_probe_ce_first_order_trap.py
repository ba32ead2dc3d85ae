"""Cubic-regularised Newton steps (Nesterov & Polyak, 2006) for the grading head of a hop-cone ripeness model.

Close-up photos of hop cones are graded into four ripeness classes (green / early / ripe / over-ripe,
from lupulin colour and bract browning).  The conv backbone is trained with plain SGD through a
linear probe; the small MLP head on the detached features is refit each epoch with one cubic-
regularised Newton step on its flattened parameters:

    s* = argmin_s  g^T s + 1/2 s^T H s + M/6 ||s||^3,      s* = -(H + lam I)^{-1} g,  lam = M ||s*|| / 2,

where H is the exact head Hessian from torch.autograd.functional.hessian and lam is found by bisection.
"""
import argparse
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

ACTS = {
    "gelu_tanh": partial(nn.GELU, approximate="tanh"),
    "relu": nn.ReLU,
    "elu": nn.ELU,
}


class ConeBackbone(nn.Module):
    def __init__(self, width=8, feat=12):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1), nn.Hardswish(),
            nn.Conv2d(width, width, 3, stride=2, padding=1), nn.Hardswish(),
            nn.AdaptiveAvgPool2d(2),
        )
        self.proj = nn.Linear(4 * width, feat)

    def forward(self, x):
        return torch.tanh(self.proj(self.body(x).flatten(1)))


class GradingHead(nn.Module):
    def __init__(self, feat, hidden, n_classes, act):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(feat, hidden), ACTS[act](), nn.Linear(hidden, n_classes))

    def forward(self, z):
        return self.net(z)


def flat_params(module):
    names = [n for n, _ in module.named_parameters()]
    shapes = [p.shape for _, p in module.named_parameters()]
    theta = torch.cat([p.detach().reshape(-1) for _, p in module.named_parameters()])
    return names, shapes, theta


def unflatten(theta, names, shapes):
    out, i = {}, 0
    for n, s in zip(names, shapes):
        k = s.numel()
        out[n] = theta[i:i + k].view(s)
        i += k
    return out


def head_loss(theta, head, names, shapes, feats, labels):
    logits = functional_call(head, unflatten(theta, names, shapes), (feats,))
    logp = F.log_softmax(logits, dim=-1)
    return F.nll_loss(logp, labels)


@torch.no_grad()
def cubic_step(g, H, M, iters=40):
    evals, evecs = torch.linalg.eigh(H)
    gt = evecs.T @ g
    lo = max(0.0, -evals.min().item()) + 1e-8
    hi = lo + 1.0
    step_norm = lambda lam: (gt / (evals + lam)).norm().item()
    while step_norm(hi) > 2 * hi / M:
        hi *= 2
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if step_norm(mid) > 2 * mid / M else (lo, mid)
    return -(evecs @ (gt / (evals + hi))), hi


def synth_cones(n, g):
    labels = torch.randint(0, 4, (n,), generator=g)
    hue = labels.float().view(n, 1, 1, 1) / 3
    img = torch.rand(n, 3, 16, 16, generator=g) * 0.3
    img[:, 0] += 0.6 * hue[:, 0]
    img[:, 1] += 0.6 * (1 - hue[:, 0])
    return img, labels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--act", default="gelu_tanh", choices=sorted(ACTS))
    ap.add_argument("--cubic-m", type=float, default=5.0)
    ap.add_argument("--backbone-lr", type=float, default=0.05)
    args = ap.parse_args()

    torch.manual_seed(0)
    g = torch.Generator().manual_seed(1)
    x, y = synth_cones(64, g)
    backbone = ConeBackbone()
    probe = nn.Linear(12, 4)
    head = GradingHead(12, 8, 4, args.act)
    opt = torch.optim.SGD(list(backbone.parameters()) + list(probe.parameters()), lr=args.backbone_lr)

    for epoch in range(args.epochs):
        probe_loss = F.cross_entropy(probe(backbone(x)), y)
        opt.zero_grad()
        probe_loss.backward()
        opt.step()

        feats = backbone(x).detach()
        names, shapes, theta = flat_params(head)
        theta = theta.requires_grad_(True)
        loss_of = lambda th: head_loss(th, head, names, shapes, feats, y)
        loss = loss_of(theta)
        (grad,) = torch.autograd.grad(loss, theta)
        H = torch.autograd.functional.hessian(loss_of, theta, vectorize=True)
        s, lam = cubic_step(grad.detach(), H.detach(), args.cubic_m)
        with torch.no_grad():
            for (n, p), new in zip(head.named_parameters(), unflatten(theta.detach() + s, names, shapes).values()):
                p.copy_(new)
            new_loss = loss_of(theta.detach() + s).item()
        print(f"epoch {epoch} probe {probe_loss.item():.4f} head {loss.item():.4f} -> {new_loss:.4f} "
              f"lam {lam:.3f} |s| {s.norm():.3f}")


if __name__ == "__main__":
    main()
