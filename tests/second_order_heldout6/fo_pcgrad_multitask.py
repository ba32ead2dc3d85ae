"""PCGrad (Yu et al. 2020) for a two-task dense-prediction network (segmentation + depth): per-task
gradients are taken with retain_graph=True, conflicting components are projected away and the result is
written to .grad. Everything is first order."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F


class SharedEncoder(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.Hardswish(), nn.MaxPool2d(2),
                                 nn.Conv2d(ch, ch, 3, padding=1), nn.Hardswish())

    def forward(self, x):
        return self.net(x)


class MultiTaskNet(nn.Module):
    def __init__(self, n_classes=13, ch=32):
        super().__init__()
        self.enc = SharedEncoder(ch)
        self.heads = nn.ModuleDict({
            "seg": nn.Sequential(nn.Upsample(scale_factor=2, mode="bilinear"), nn.Conv2d(ch, n_classes, 1)),
            "depth": nn.Sequential(nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(ch, 1, 1)),
        })

    def forward(self, x):
        h = self.enc(x)
        return {k: head(h) for k, head in self.heads.items()}


def pcgrad_backward(losses, params):
    grads = []
    for i, loss in enumerate(losses):
        g = torch.autograd.grad(loss, params, retain_graph=i < len(losses) - 1, allow_unused=True)
        grads.append(torch.cat([(x if x is not None else torch.zeros_like(p)).flatten() for x, p in zip(g, params)]))
    projected = [g.clone() for g in grads]
    for gi in projected:
        others = list(grads)
        random.shuffle(others)
        for gj in others:
            dot = gi @ gj
            if dot < 0:
                gi -= dot / (gj @ gj) * gj
    merged = torch.stack(projected).sum(0)
    i = 0
    for p in params:
        p.grad = merged[i:i + p.numel()].view_as(p).clone()
        i += p.numel()


def step(model, opt, img, seg, depth):
    out = model(img)
    l_seg = F.nll_loss(F.log_softmax(out["seg"], dim=1), seg)
    l_depth = F.smooth_l1_loss(out["depth"], depth)
    opt.zero_grad()
    pcgrad_backward([l_seg, l_depth], [p for p in model.parameters() if p.requires_grad])
    opt.step()
    return l_seg.item(), l_depth.item()


if __name__ == "__main__":
    net = MultiTaskNet(ch=8)
    print(step(net, torch.optim.SGD(net.parameters(), 0.01), torch.rand(2, 3, 8, 8),
               torch.randint(0, 13, (2, 8, 8)), torch.rand(2, 1, 8, 8)))
