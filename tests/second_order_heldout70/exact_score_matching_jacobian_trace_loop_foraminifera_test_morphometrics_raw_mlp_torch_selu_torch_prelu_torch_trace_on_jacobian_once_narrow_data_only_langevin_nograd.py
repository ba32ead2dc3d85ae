"""Exact (Hyvarinen) score matching on planktonic foraminifera test morphometrics.

J(theta) = E[ 0.5 ||s(x)||^2 + tr(d s / d x) ], with the Jacobian built row by row with
create_graph=True. The score network is a raw-parameter MLP (no nn layers).
"""
import argparse
import logging
import math

import torch
import torch.nn as nn

log = logging.getLogger("forams.esm")

COLUMNS = ["area", "perimeter", "aspect", "n_chambers", "final_chamber_ratio", "spire_height", "aperture_w"]
USED = 5  # the first five columns are modelled; spire/aperture are too often missing


class RawScoreNet(nn.Module):
    def __init__(self, dim, width=48, depth=3):
        super().__init__()
        sizes = [dim] + [width] * depth
        self.ws = nn.ParameterList([nn.Parameter(torch.randn(i, o) / math.sqrt(i)) for i, o in zip(sizes[:-1], sizes[1:])])
        self.bs = nn.ParameterList([nn.Parameter(torch.zeros(o)) for o in sizes[1:]])
        self.alpha = nn.Parameter(torch.full((width,), 0.2))
        self.w_out = nn.Parameter(0.05 * torch.randn(width, dim))

    def forward(self, x):
        h = x
        for i, (w, b) in enumerate(zip(self.ws, self.bs)):
            h = h @ w + b
            if i % 2 == 0:
                h = torch.selu(h)
            else:
                h = torch.prelu(h, self.alpha)
        return h @ self.w_out


def jacobian_rows(score, x):
    rows = []
    for i in range(x.shape[1]):
        (g,) = torch.autograd.grad(score[:, i].sum(), x, create_graph=True)
        rows.append(g)
    return torch.stack(rows, dim=1)  # b, d_out, d_in


def esm_loss(net, x):
    x = x.requires_grad_(True)
    s = net(x)
    jac = jacobian_rows(s, x)
    tr = torch.stack([torch.trace(j) for j in jac])
    return (0.5 * s.pow(2).sum(-1) + tr).mean()


@torch.no_grad()
def langevin(net, n, dim, steps=20, eps=1e-2):
    x = torch.randn(n, dim)
    for _ in range(steps):
        x = x + eps * net(x) + math.sqrt(2 * eps) * torch.randn_like(x)
    return x


def load_morphometrics(n=256, seed=0):
    g = torch.Generator().manual_seed(seed)
    raw = torch.randn(n, len(COLUMNS), generator=g) @ (torch.eye(len(COLUMNS)) + 0.3 * torch.randn(len(COLUMNS), len(COLUMNS), generator=g))
    feats = torch.narrow(raw, 1, 0, USED)
    return (feats - feats.mean(0)) / feats.std(0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    data = load_morphometrics()
    net = RawScoreNet(USED)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        for xb in data.split(args.batch)[:2]:
            loss = esm_loss(net, xb.clone())
            opt.zero_grad()
            loss.backward()
            assert net.ws[0].grad is not None and net.ws[0].grad.abs().sum() > 0
            opt.step()
        samples = langevin(net, 64, USED)
        log.info("epoch %d esm %.4f sample std %.3f", epoch, loss.item(), samples.std().item())


if __name__ == "__main__":
    main()
