"""Hop-cone ripeness grading (green / ripe / over-ripe) with a frozen backbone.

Features are extracted once per batch under no_grad; only the small head is trained. A feature
saliency (gradient of the loss w.r.t. the features) is computed for the dashboard and logged.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("hops")


class FrozenBackbone(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, ch, 3, padding=1), nn.GroupNorm(4, ch), nn.ReLU(),
            nn.AvgPool2d(2),
            nn.Conv2d(ch, ch * 2, 3, padding=1), nn.GroupNorm(4, ch * 2), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )

    def forward(self, x):
        return self.net(x)


class RipenessHead(nn.Module):
    def __init__(self, d=32, classes=3):
        super().__init__()
        self.fc1 = nn.Linear(d, 32)
        self.act = nn.PReLU()
        self.fc2 = nn.Linear(32, classes)

    def forward(self, f):
        return F.log_softmax(self.fc2(self.act(self.fc1(f))), dim=-1)


def hop_batch(n=12, res=16):
    y = torch.randint(0, 3, (n,))
    green = torch.tensor([0.3, 0.7, 0.2])
    hue = green.view(1, 3, 1, 1) + 0.15 * y.view(-1, 1, 1, 1) * torch.tensor([1.0, -0.5, 0.0]).view(1, 3, 1, 1)
    return (hue + 0.05 * torch.randn(n, 3, res, res)).clamp(0, 1), y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    backbone = FrozenBackbone().eval().requires_grad_(False)
    head = RipenessHead()
    opt = torch.optim.Adam(head.parameters(), 1e-3)
    for step in range(args.steps):
        x, y = hop_batch()
        with torch.no_grad():
            feats = backbone(x)
        feats.requires_grad_(True)
        loss = F.nll_loss(head(feats), y)
        (sal,) = torch.autograd.grad(loss, feats, retain_graph=True, create_graph=False)
        opt.zero_grad()
        loss.backward()
        opt.step()
        top = sal.abs().mean(0).topk(3).indices.tolist()
        log.info("step %d nll %.4f salient feature ids %s", step, loss.item(), top)


if __name__ == "__main__":
    main()
