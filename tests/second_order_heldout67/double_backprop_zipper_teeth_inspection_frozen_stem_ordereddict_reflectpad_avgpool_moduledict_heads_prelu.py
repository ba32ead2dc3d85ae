"""Score-smoothness fine-tuning of one head of a multi-task zipper inspection network.

A line-scan camera on a zipper chain machine feeds 24x24 crops to a shared stem; per-defect heads
(missing tooth, slider burr, tape fray) hang off it in an nn.ModuleDict.  The stem was trained by
the vision team and is frozen here; only the selected head is fine-tuned, with a penalty on the
input gradient of the defect score so that a few pixels of dust cannot flip the decision.
"""
import argparse
import logging
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("zipper")

HEAD_SPECS = {
    "missing_tooth": {"act": "prelu", "hidden": 32},
    "slider_burr": {"act": "hardshrink", "hidden": 16},
    "tape_fray": {"act": "silu", "hidden": 16},
}

HEAD_ACTS = {
    "prelu": nn.PReLU,
    "hardshrink": nn.Hardshrink,
    "silu": nn.SiLU,
}


def make_stem(ch=16):
    return nn.Sequential(OrderedDict([
        ("pad", nn.ReflectionPad2d(1)),
        ("conv", nn.Conv2d(1, ch, 3)),
        ("bn", nn.BatchNorm2d(ch)),
        ("relu", nn.ReLU()),
        ("pool", nn.AvgPool2d(2)),
    ]))


def build_head(spec, in_ch):
    return nn.Sequential(
        nn.Conv2d(in_ch, spec["hidden"], 3, padding=1),
        HEAD_ACTS[spec["act"]](),
        nn.Flatten(),
        nn.LazyLinear(1),
    )


class ZipperInspector(nn.Module):
    def __init__(self, specs, ch=16):
        super().__init__()
        self.stem = make_stem(ch)
        self.heads = nn.ModuleDict()
        for task, spec in specs.items():
            self.heads[task] = build_head(spec, ch)

    def forward(self, x, task):
        return self.heads[task](self.stem(x)).squeeze(1)


def synth_crops(n, task, generator=None):
    x = torch.zeros(n, 1, 24, 24)
    x[:, :, :, 8:16] = 0.8                      # tape band
    for k in range(0, 24, 4):
        x[:, :, k:k + 2, 10:14] = 1.0            # teeth
    y = torch.randint(0, 2, (n,), generator=generator).float()
    for i in range(n):
        if y[i] > 0 and task == "missing_tooth":
            k = 4 * int(torch.randint(0, 6, (1,), generator=generator))
            x[i, :, k:k + 2, 10:14] = 0.0
    return x + 0.05 * torch.randn(x.shape, generator=generator), y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--task", default="missing_tooth", choices=sorted(HEAD_SPECS))
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--smooth-weight", type=float, default=0.1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(7)

    model = ZipperInspector(HEAD_SPECS)
    with torch.no_grad():                       # materialise the lazy heads
        for task in HEAD_SPECS:
            model(torch.zeros(1, 1, 24, 24), task)
    model.stem.requires_grad_(False)
    model.stem.eval()
    head = model.heads[args.task]
    opt = torch.optim.Adam(head.parameters(), lr=1e-3)

    for step in range(args.steps):
        x, y = synth_crops(args.batch, args.task, generator=gen)
        x.requires_grad_(True)
        score = model(x, args.task)
        g, = torch.autograd.grad(score.sum(), x, create_graph=True)
        smooth = g.pow(2).sum(dim=(1, 2, 3)).mean()
        bce = F.binary_cross_entropy_with_logits(score, y)
        loss = bce + args.smooth_weight * smooth
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("step %d bce %.4f smooth %.3e |grad head conv| %.3e", step, bce.item(), smooth.item(),
                 head[0].weight.grad.norm().item())
    assert all(p.grad is None for p in model.stem.parameters())


if __name__ == "__main__":
    main()
