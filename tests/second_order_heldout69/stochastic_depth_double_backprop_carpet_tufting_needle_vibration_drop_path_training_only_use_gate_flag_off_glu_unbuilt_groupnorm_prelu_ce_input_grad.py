"""Carpet tufting machine: classify needle-bar vibration windows (ok / skipped stitch / loop pull / needle wear).

Residual 1-D CNN with stochastic depth (blocks are dropped at random while training) and Drucker-LeCun
double backpropagation: the input gradient of the classification loss is penalised.
"""
import argparse
import logging
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

LOG = logging.getLogger("tufting")
CLASSES = ("ok", "skipped_stitch", "loop_pull", "needle_wear")


class StochasticResBlock(nn.Module):
    """Residual block; the whole residual branch is skipped with probability ``drop_prob`` in training."""

    def __init__(self, channels, drop_prob=0.0, use_gate=False, groups=4):
        super().__init__()
        self.drop_prob = drop_prob
        self.use_gate = use_gate
        mid = channels * 2 if use_gate else channels
        self.conv1 = nn.Conv1d(channels, channels, 3, padding=1)
        self.norm = nn.GroupNorm(groups, channels)
        self.act = nn.PReLU(channels)
        self.conv2 = nn.Conv1d(channels, mid, 3, padding=1)
        self.gate = nn.GLU(dim=1) if use_gate else nn.Identity()

    def forward(self, x):
        if self.training and torch.rand(()) < self.drop_prob:
            return x
        h = self.act(self.norm(self.conv1(x)))
        h = self.gate(self.conv2(h))
        if self.training and self.drop_prob > 0:
            h = h / (1.0 - self.drop_prob)
        return x + h


class TuftingNet(nn.Module):
    def __init__(self, channels=16, depth=3, max_drop=0.3, n_classes=len(CLASSES)):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv1d(3, channels, 7, padding=3), nn.SiLU())
        # linearly increasing drop probability with depth (Huang et al. 2016)
        self.blocks = nn.ModuleList(
            StochasticResBlock(channels, drop_prob=max_drop * (i + 1) / depth) for i in range(depth)
        )
        self.head = nn.Linear(channels, n_classes)

    def forward(self, x):
        h = self.stem(x)
        for blk in self.blocks:
            h = blk(h)
        return self.head(h.mean(dim=-1))


def vibration_windows(n, length=96):
    y = torch.randint(0, len(CLASSES), (n,))
    t = torch.linspace(0, 1, length)
    base = torch.sin(2 * torch.pi * 12 * t)
    x = base.repeat(n, 3, 1) + 0.1 * torch.randn(n, 3, length)
    x[y == 1, :, length // 2:] *= 0.2
    x[y == 2, 1] += 0.5 * torch.sin(2 * torch.pi * 40 * t)
    x[y == 3, 2] += 0.3 * torch.randn(int((y == 3).sum()), length)
    return x, y


def double_backprop_loss(model, x, y, lam):
    x = x.requires_grad_(True)
    logits = model(x)
    ce_per_window = F.cross_entropy(logits, y, reduction="none")
    (gx,) = torch.autograd.grad(ce_per_window.sum(), x, create_graph=True)
    ce = ce_per_window.mean()
    return ce + lam * gx.pow(2).sum(dim=(1, 2)).mean(), ce


@torch.no_grad()
def evaluate(model, n=64):
    model.eval()
    x, y = vibration_windows(n)
    acc = (model(x).argmax(-1) == y).float().mean().item()
    model.train()
    return acc


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--lam", type=float, default=0.5)
    parser.add_argument("--max-drop", type=float, default=0.3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    random.seed(0)

    model = TuftingNet(max_drop=args.max_drop)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(args.steps):
        x, y = vibration_windows(args.batch)
        loss, ce = double_backprop_loss(model, x, y, args.lam)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        assert model.stem[0].weight.grad is not None
        opt.step()
        LOG.info("step %d ce %.4f total %.4f", step, ce.item(), loss.item())
    LOG.info("held-out acc %.3f", evaluate(model))


if __name__ == "__main__":
    main()
