"""Glaze-defect classifier for ceramic tiles (pinholes / crawling / crazing / clean) with a flat-minimum
regulariser: a Hutchinson estimate of the Hessian trace of the training loss w.r.t. the weights.

The model normalises, anti-alias-blurs and patchifies the raw tile image itself (so deployment needs
no preprocessing code); only the patch embedding onwards carries parameters.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("tiles")

CLASSES = ("clean", "pinhole", "crawling", "crazing")


def synth_tiles(n, res=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, len(CLASSES), (n,), generator=g)
    x = 0.6 + 0.05 * torch.randn(n, 3, res, res, generator=g)
    for i in range(n):
        k = int(y[i])
        if k == 1:
            x[i, :, 8:11, 20:23] -= 0.5
        elif k == 2:
            x[i, :, 12:24, 4:10] = 0.1
        elif k == 3:
            x[i, :, ::5, :] -= 0.3
    return x.clamp(0, 1), y


class TileViT(nn.Module):
    def __init__(self, patch=8, dim=48, depth=2, classes=4):
        super().__init__()
        self.patch = patch
        self.register_buffer("mean", torch.tensor([0.6, 0.6, 0.6]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.2, 0.2, 0.2]).view(1, 3, 1, 1))
        self.embed = nn.Linear(3 * patch * patch, dim)
        self.pos = nn.Parameter(torch.zeros(1, (32 // patch) ** 2, dim))
        self.blocks = nn.ModuleList()
        for _ in range(depth):
            self.blocks.append(nn.ModuleDict({
                "norm": nn.LayerNorm(dim),
                "fc1": nn.Linear(dim, dim * 2),
                "act": nn.GELU(approximate="tanh"),
                "fc2": nn.Linear(dim * 2, dim),
            }))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, img):
        x = (img - self.mean) / self.std
        x = F.avg_pool2d(x, 3, stride=1, padding=1, count_include_pad=False)
        tokens = F.unfold(x, self.patch, stride=self.patch).transpose(1, 2)
        h = self.embed(tokens) + self.pos
        for blk in self.blocks:
            h = h + blk["fc2"](blk["act"](blk["fc1"](blk["norm"](h))))
        return self.head(self.norm(h).mean(dim=1))


def hutchinson_trace(loss, params, n_probes=1):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    est = 0.0
    for _ in range(n_probes):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        gv = sum((g * v).sum() for g, v in zip(grads, vs))
        hv = torch.autograd.grad(gv, params, create_graph=True)
        est = est + sum((h * v).sum() for h, v in zip(hv, vs))
    return est / n_probes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--rho", type=float, default=1e-3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    x, y = synth_tiles(32)
    model = TileViT()
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.SGD(params, lr=0.02, momentum=0.9)
    for step in range(args.steps):
        idx = torch.randperm(len(y))[:16]
        loss = F.cross_entropy(model(x[idx]), y[idx])
        tr = hutchinson_trace(loss, params)
        opt.zero_grad()
        (loss + args.rho * tr).backward()
        assert model.embed.weight.grad is not None
        opt.step()
        log.info("step %d ce %.4f trace %.4f", step, loss.item(), tr.item())


if __name__ == "__main__":
    main()
