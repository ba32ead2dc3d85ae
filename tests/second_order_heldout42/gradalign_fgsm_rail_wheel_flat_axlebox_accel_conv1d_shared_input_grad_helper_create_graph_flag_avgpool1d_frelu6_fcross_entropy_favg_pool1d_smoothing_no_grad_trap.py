"""FGSM adversarial training with the GradAlign regulariser (Andriushchenko & Flammarion, 2020)
for wheel-flat detection from axle-box accelerometer windows.

The regulariser keeps the input gradient at x and at a random point of the eps-ball aligned:
    R = 1 - cos(grad_x CE(x), grad_x CE(x + eta)),
which needs both input gradients with create_graph=True.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--win", type=int, default=64, help="samples per window")
    p.add_argument("--eps", type=float, default=0.05)
    p.add_argument("--align", type=float, default=0.2, help="GradAlign weight")
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--smooth", type=int, default=3, help="moving-average length of the pre-filter")
    return p.parse_args()


class AxleBoxNet(nn.Module):
    """Three-channel (vertical / lateral / longitudinal) 1-D CNN."""

    def __init__(self, n_cls=3, width=16):
        super().__init__()
        self.conv1 = nn.Conv1d(3, width, 7, padding=3)
        self.bn1 = nn.BatchNorm1d(width)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(width, 2 * width, 5, padding=2)
        self.head = nn.Linear(2 * width, n_cls)

    def forward(self, x):
        h = torch.relu(self.bn1(self.conv1(x)))
        h = self.pool(h)
        h = F.relu6(self.conv2(h))
        return self.head(h.mean(-1))


def input_grad(model, x, y, create_graph):
    """Gradient of the batch CE w.r.t. the input (shared by the attack and the regulariser)."""
    x = x.clone().requires_grad_(True)
    loss = F.cross_entropy(model(x), y)
    (g,) = torch.autograd.grad(loss, x, create_graph=create_graph)
    return g


def fgsm(model, x, y, eps):
    delta = torch.empty_like(x).uniform_(-eps, eps)
    g = input_grad(model, x + delta, y, create_graph=False)
    delta = (delta + 1.25 * eps * g.sign()).clamp(-eps, eps)
    return (x + delta).detach()


def grad_align_penalty(model, x, y, eps):
    g1 = input_grad(model, x, y, create_graph=True)
    eta = torch.empty_like(x).uniform_(-eps, eps)
    g2 = input_grad(model, x + eta, y, create_graph=True)
    cos = F.cosine_similarity(g1.flatten(1), g2.flatten(1), dim=1)
    return (1.0 - cos).mean()


def synthetic_batch(n, win):
    t = torch.linspace(0, 1, win)
    y = torch.randint(0, 3, (n,))
    base = torch.randn(n, 3, win) * 0.3
    # a flat spot gives a periodic impact, strength grows with the class
    impact = torch.sin(2 * math.pi * 8 * t).clamp(min=0.9) - 0.9
    base[:, 0] += y[:, None].float() * 4.0 * impact
    return base, y


def prefilter(x, k):
    # moving average of the raw signal, data pipeline only
    with torch.no_grad():
        return F.avg_pool1d(F.pad(x, (k // 2, k - 1 - k // 2), mode="constant"), k, stride=1)


def evaluate(model, args):
    model.eval()
    x, y = synthetic_batch(64, args.win)
    with torch.no_grad():
        logp = F.log_softmax(model(prefilter(x, args.smooth)), dim=-1)
        acc = (logp.argmax(-1) == y).float().mean().item()
    model.train()
    return acc


def main():
    args = get_args()
    torch.manual_seed(0)
    model = AxleBoxNet()
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        for it in range(3):
            x, y = synthetic_batch(args.batch, args.win)
            x = prefilter(x, args.smooth)
            x_adv = fgsm(model, x, y, args.eps)
            ce = F.cross_entropy(model(x_adv), y)
            reg = grad_align_penalty(model, x, y, args.eps) if args.align > 0 else torch.zeros(())
            loss = ce + args.align * reg
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} ce {ce.item():.3f} align {reg.item():.3f} acc {evaluate(model, args):.2f}")


if __name__ == "__main__":
    main()
