"""Coreset selection for coin-cell battery X-ray defect classes by gradient matching against a fixed
condensed set.

The condensed (synthetic) images came from an earlier condensation run and are frozen here. For each class
several random candidate subsets of real images are scored by the layer-wise cosine distance between their
training gradient and the synthetic set's gradient at random network inits; the best-scoring subset is kept,
and a fresh network is trained on the coreset to check it.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("coreset.coincell")
DEFECTS = ["ok", "gasket_gap", "anode_swell", "weld_void"]


class ConvNet(nn.Module):
    def __init__(self, n_classes=len(DEFECTS), width=8):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, width, 3, padding=1), nn.GroupNorm(width, width), nn.ReLU(), nn.AvgPool2d(2),
            nn.Conv2d(width, width, 3, padding=1), nn.GroupNorm(width, width), nn.ReLU(), nn.AvgPool2d(2),
        )
        self.fc = nn.Linear(width * 9, n_classes)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))


def class_gradient(net, x, y, create_graph=False):
    loss = F.cross_entropy(net(x), y)
    return torch.autograd.grad(loss, list(net.parameters()), create_graph=create_graph)


def layer_distance(gw_a, gw_b):
    dist = 0.0
    for ga, gb in zip(gw_a, gw_b):
        if ga.dim() == 1:
            continue
        a, b = ga.reshape(ga.shape[0], -1), gb.reshape(gb.shape[0], -1)
        dist = dist + (1 - (a * b).sum(-1) / (a.norm(dim=-1) * b.norm(dim=-1) + 1e-6)).sum()
    return dist


def xray_batch(n, cls, gen):
    x = 0.25 * torch.randn(n, 1, 12, 12, generator=gen)
    yy, xx = torch.meshgrid(torch.arange(12.0), torch.arange(12.0), indexing="ij")
    disk = ((yy - 5.5) ** 2 + (xx - 5.5) ** 2 < 20).float()
    x += disk
    if cls == 1:
        x[:, :, 5:7, 9:11] -= 0.8
    elif cls == 2:
        x[:, :, 2:4, 3:9] += 0.7
    elif cls == 3:
        x[:, :, 6:8, 4:6] -= 0.9
    return x


def select_coreset(real, syn, args, gen):
    chosen = {}
    for c in range(len(DEFECTS)):
        y_syn = torch.full((len(syn[c]),), c)
        scores = torch.zeros(args.candidates)
        subsets = [torch.randperm(len(real[c]), generator=gen)[: args.k] for _ in range(args.candidates)]
        for _ in range(args.inits):
            net = ConvNet()
            gw_syn = [g.detach() for g in class_gradient(net, syn[c], y_syn)]
            for j, idx in enumerate(subsets):
                y_real = torch.full((args.k,), c)
                # the training code keeps the real-side graph (create_graph=True); here it is only scored
                gw_real = class_gradient(net, real[c][idx], y_real, create_graph=args.keep_graph)
                scores[j] += layer_distance(gw_real, gw_syn).item()
        best = int(scores.argmin())
        chosen[c] = real[c][subsets[best]]
        log.info("class %-12s best subset %d  distance %.3f (worst %.3f)", DEFECTS[c], best,
                 scores[best] / args.inits, scores.max() / args.inits)
    return chosen


def fit(x, y, steps=30):
    net = ConvNet()
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    for _ in range(steps):
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return net


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--k", type=int, default=4)
    ap.add_argument("--candidates", type=int, default=5)
    ap.add_argument("--inits", type=int, default=2)
    ap.add_argument("--keep-graph", type=bool, default=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(30)
    torch.manual_seed(30)

    real = {c: xray_batch(20, c, gen) for c in range(len(DEFECTS))}
    syn = {c: xray_batch(2, c, gen).mean(0, keepdim=True).repeat(2, 1, 1, 1) for c in range(len(DEFECTS))}
    coreset = select_coreset(real, syn, args, gen)
    xs = torch.cat([coreset[c] for c in range(len(DEFECTS))])
    ys = torch.arange(len(DEFECTS)).repeat_interleave(args.k)
    net = fit(xs, ys)
    x_test = torch.cat([xray_batch(8, c, gen) for c in range(len(DEFECTS))])
    y_test = torch.arange(len(DEFECTS)).repeat_interleave(8)
    with torch.no_grad():
        log.info("coreset-trained accuracy %.3f", (net(x_test).argmax(1) == y_test).float().mean().item())


if __name__ == "__main__":
    main()
