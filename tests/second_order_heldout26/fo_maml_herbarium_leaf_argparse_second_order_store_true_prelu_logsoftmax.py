"""MAML on herbarium leaf-outline crops; second-order meta-gradients only with --second-order.

By default (no flag) the inner-loop gradients are taken without create_graph, i.e. first-order MAML."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_args(argv=None):
    p = argparse.ArgumentParser(description="MAML for herbarium leaf outlines")
    p.add_argument("--ways", type=int, default=3)
    p.add_argument("--shots", type=int, default=2)
    p.add_argument("--inner-lr", type=float, default=0.2)
    p.add_argument("--meta-steps", type=int, default=2)
    p.add_argument("--second-order", action="store_true",
                   help="backpropagate through the inner-loop gradients")
    return p.parse_args(argv)


class LeafNet(nn.Module):
    def __init__(self, ways):
        super().__init__()
        self.conv = nn.Conv2d(1, 8, 3, padding=1)
        self.act = nn.PReLU(8)
        self.pool = nn.AvgPool2d(4)
        self.fc = nn.Linear(8 * 4 * 4, ways)

    def forward(self, x, weights=None):
        if weights is None:
            weights = list(self.parameters())
        cw, cb, a, fw, fb = weights
        h = self.pool(F.prelu(F.conv2d(x, cw, cb, padding=1), a))
        return F.log_softmax(F.linear(h.flatten(1), fw, fb), dim=-1)


def task(ways, shots):
    protos = torch.rand(ways, 1, 16, 16)
    x = protos.repeat_interleave(2 * shots, 0) + 0.1 * torch.randn(ways * 2 * shots, 1, 16, 16)
    y = torch.arange(ways).repeat_interleave(2 * shots)
    idx = torch.arange(len(y)) % (2 * shots) < shots
    return (x[idx], y[idx]), (x[~idx], y[~idx])


def main(args):
    net = LeafNet(args.ways)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(args.meta_steps):
        (xs, ys), (xq, yq) = task(args.ways, args.shots)
        weights = list(net.parameters())
        inner = F.nll_loss(net(xs, weights), ys)
        grads = torch.autograd.grad(inner, weights, create_graph=args.second_order)
        fast = [w - args.inner_lr * g for w, g in zip(weights, grads)]
        outer = F.nll_loss(net(xq, fast), yq)
        opt.zero_grad()
        outer.backward()
        opt.step()
        print(step, inner.item(), outer.item())


if __name__ == "__main__":
    main(get_args())
