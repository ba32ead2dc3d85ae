"""Saliency-guided mixing (SaliencyMix-style) for a matcha powder grade classifier (micrographs).

Grades: ceremonial, premium, culinary, ingredient. The most salient patch of one micrograph (from the
classifier's input gradient) is pasted into another, and labels are mixed by area. The saliency map is
computed without a graph and only used to place the patch.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

GRADES = ("ceremonial", "premium", "culinary", "ingredient")


class GradeNet(nn.Module):
    def __init__(self, widths=(8, 16, 32), n_classes=len(GRADES)):
        super().__init__()
        blocks, c = [], 3
        for w in widths:
            blocks.append(nn.Sequential(nn.Conv2d(c, w, 3, padding=1), nn.GroupNorm(4, w), nn.PReLU(w), nn.AvgPool2d(2)))
            c = w
        self.blocks = nn.ModuleList(blocks)
        self.fc = nn.Linear(c, n_classes)

    @classmethod
    def small(cls):
        return cls(widths=(8, 16))

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return self.fc(x.mean(dim=(2, 3)))


class SaliencyProbe:
    """Input-gradient saliency of the true-class logit; `create_graph` stays off (maps are only used as indices)."""
    create_graph = False

    def __init__(self, model, patch):
        self.model = model
        self.patch = patch

    def __call__(self, x, y):
        x = x.clone().requires_grad_(True)
        score = self.model(x).gather(1, y[:, None]).sum()
        (g,) = torch.autograd.grad(score, x, create_graph=self.create_graph)
        with torch.no_grad():
            sal = F.avg_pool2d(g.abs().sum(1, keepdim=True), self.patch, stride=1)
            idx = sal.flatten(1).argmax(1)
        w = sal.size(-1)
        return torch.stack([idx // w, idx % w], 1)


def saliency_mix(x, y, corners, patch, n_classes):
    perm = torch.randperm(x.size(0))
    mixed = x.clone()
    for i, (r, c) in enumerate(corners[perm].tolist()):
        mixed[i, :, r:r + patch, c:c + patch] = x[perm[i], :, r:r + patch, c:c + patch]
    lam = 1 - patch * patch / (x.size(-1) * x.size(-2))
    y1, y2 = F.one_hot(y, n_classes).float(), F.one_hot(y[perm], n_classes).float()
    return mixed, lam * y1 + (1 - lam) * y2


def micrographs(n, size=24):
    y = torch.randint(0, len(GRADES), (n,))
    green = 0.8 - 0.15 * y.float()
    x = torch.rand(n, 3, size, size) * 0.3
    x[:, 1] += green[:, None, None]
    x += 0.1 * (y.float()[:, None, None, None] + 1) * torch.randn(n, 3, size, size).abs()
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=12)
    ap.add_argument("--patch", type=int, default=8)
    ap.add_argument("--mix_prob", type=float, default=0.5)
    args = ap.parse_args()
    torch.manual_seed(6)

    model = GradeNet()
    probe = SaliencyProbe(model, args.patch)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(args.steps):
        x, y = micrographs(args.batch)
        if step == 0 or torch.rand(()) < args.mix_prob:
            x, target = saliency_mix(x, y, probe(x, y), args.patch, len(GRADES))
        else:
            target = F.one_hot(y, len(GRADES)).float()
        loss = F.cross_entropy(model(x), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: soft-target CE {loss.item():.4f}")


if __name__ == "__main__":
    main()
