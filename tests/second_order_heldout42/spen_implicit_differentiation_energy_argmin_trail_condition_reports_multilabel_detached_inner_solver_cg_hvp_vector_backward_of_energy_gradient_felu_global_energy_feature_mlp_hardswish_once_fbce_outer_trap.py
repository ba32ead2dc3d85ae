"""Structured prediction energy network (SPEN) for multi-label tagging of hiking-trail condition reports
(mud, snow, fallen trees, washout, overgrown, bridge out), trained end-to-end through the argmin by
implicit differentiation (Belanger & McCallum 2016; Blondel et al. 2022).

    y*(theta) = argmin_y E(y; x, theta),     E = -<u(x), y> + G(y) + entropy barrier
    dL/dtheta = -(d/dtheta) <grad_y E(y*, theta), v>,  with  H_yy v = dL/dy*

H_yy v products are gradients of grad_y E (taken with create_graph=True), solved by conjugate gradient.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

LABELS = ["mud", "snow", "fallen_trees", "washout", "overgrown", "bridge_out"]


class UnaryNet(nn.Module):
    """Bag-of-words report -> per-label scores u(x)."""

    def __init__(self, vocab, n_labels, hidden=32):
        super().__init__()
        self.fc1 = nn.Linear(vocab, hidden)
        self.act = nn.Hardswish()
        self.fc2 = nn.Linear(hidden, n_labels)

    def forward(self, bow):
        return self.fc2(self.act(self.fc1(bow)))


class GlobalEnergy(nn.Module):
    """Label-interaction term G(y) = w^T elu(C y + b)."""

    def __init__(self, n_labels, n_feats=12):
        super().__init__()
        self.C = nn.Linear(n_labels, n_feats)
        self.w = nn.Linear(n_feats, 1, bias=False)

    def forward(self, y):
        return self.w(F.elu(self.C(y))).squeeze(-1)


def energy(y, u, glob, tau=0.5):
    ent = y * torch.log(y) + (1 - y) * torch.log(1 - y)
    return -(u * y).sum(-1) + glob(y) + tau * ent.sum(-1)


def inner_solve(u, glob, steps=60, lr=0.5):
    """Gradient descent on the logits of y on detached scores; no graph is kept."""
    u = u.detach()
    z = torch.zeros_like(u)
    for _ in range(steps):
        z = z.detach().requires_grad_(True)
        (gz,) = torch.autograd.grad(energy(torch.sigmoid(z), u, glob).sum(), z)
        z = z - lr * gz
    return torch.sigmoid(z).detach()


def conjugate_gradient(hvp, b, iters=8, tol=1e-8):
    x = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rs = (r * r).sum()
    for _ in range(iters):
        hp = hvp(p)
        alpha = rs / (p * hp).sum().clamp_min(1e-12)
        x, r = x + alpha * p, r - alpha * hp
        rs_new = (r * r).sum()
        if rs_new < tol:
            break
        p, rs = r + (rs_new / rs) * p, rs_new
    return x


def implicit_step(unary, glob, bow, labels, opt, cg_iters):
    u = unary(bow)
    y_star = inner_solve(u, glob).requires_grad_(True)
    outer = F.binary_cross_entropy(y_star.clamp(1e-4, 1 - 1e-4), labels)
    (dl_dy,) = torch.autograd.grad(outer, y_star)
    g = torch.autograd.grad(energy(y_star, u, glob).sum(), y_star, create_graph=True)[0]
    hvp = lambda v: torch.autograd.grad(g, y_star, v, retain_graph=True)[0]
    v = conjugate_gradient(hvp, dl_dy, iters=cg_iters).detach()
    opt.zero_grad()
    torch.autograd.backward(g, grad_tensors=-v)
    opt.step()
    return outer.item()


def synthetic_reports(n, vocab):
    labels = (torch.rand(n, len(LABELS)) < 0.3).float()
    labels[:, 3] = torch.maximum(labels[:, 3], labels[:, 0] * (torch.rand(n) < 0.5).float())
    proj = torch.Generator().manual_seed(7)
    topic = torch.rand(len(LABELS), vocab, generator=proj)
    counts = torch.poisson(labels @ topic * 2.0 + 0.05)
    return counts / counts.sum(-1, keepdim=True).clamp_min(1.0), labels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vocab", type=int, default=50)
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--cg-iters", type=int, default=8)
    args = ap.parse_args()
    torch.manual_seed(0)
    unary, glob = UnaryNet(args.vocab, len(LABELS)), GlobalEnergy(len(LABELS))
    opt = torch.optim.Adam([*unary.parameters(), *glob.parameters()], lr=3e-3)
    for step in range(args.steps):
        bow, labels = synthetic_reports(16, args.vocab)
        bce = implicit_step(unary, glob, bow, labels, opt, args.cg_iters)
        print(f"step {step} bce(y*) {bce:.4f}")
    bow, labels = synthetic_reports(32, args.vocab)
    with torch.no_grad():
        u = unary(bow)
    pred = (inner_solve(u, glob) > 0.5).float()
    print("exact-match", (pred == labels).all(-1).float().mean().item())


if __name__ == "__main__":
    main()
