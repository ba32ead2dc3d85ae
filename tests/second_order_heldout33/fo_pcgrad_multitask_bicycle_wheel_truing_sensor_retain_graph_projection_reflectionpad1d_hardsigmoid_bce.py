"""Multi-task model for a bicycle wheel truing stand (lateral run-out signal -> 'needs truing' + 'spoke loose'),
trained with PCGrad: per-task gradients (retain_graph, no create_graph) projected to remove conflicts."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F


class TruingNet(nn.Module):
    def __init__(self, length=32):
        super().__init__()
        self.trunk = nn.Sequential(nn.ReflectionPad1d(2), nn.Conv1d(1, 8, 5), nn.Flatten())
        self.head_true = nn.Linear(8 * length, 1)
        self.head_spoke = nn.Linear(8 * length, 1)

    def forward(self, x):
        h = F.hardsigmoid(self.trunk(x))
        return torch.sigmoid(self.head_true(h)), torch.sigmoid(self.head_spoke(h))


def pcgrad_step(model, task_losses, opt):
    params = [p for p in model.parameters() if p.requires_grad]
    flat = []
    for loss in task_losses:
        grads = torch.autograd.grad(loss, params, retain_graph=True, allow_unused=True)
        flat.append(torch.cat([(g if g is not None else torch.zeros_like(p)).flatten() for g, p in zip(grads, params)]))
    projected = []
    for i, g_i in enumerate(flat):
        g = g_i.clone()
        others = [j for j in range(len(flat)) if j != i]
        random.shuffle(others)
        for j in others:
            dot = torch.dot(g, flat[j])
            if dot < 0:
                g = g - dot / flat[j].pow(2).sum() * flat[j]
        projected.append(g)
    merged = torch.stack(projected).sum(0)
    offset = 0
    for p in params:
        n = p.numel()
        p.grad = merged[offset:offset + n].view_as(p).clone()
        offset += n
    opt.step()


def main():
    torch.manual_seed(0)
    random.seed(0)
    model = TruingNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    bce = nn.BCELoss()
    for it in range(3):
        x = torch.randn(10, 1, 32)
        y_true = (x.abs().amax(-1) > 2).float()
        y_spoke = (x[:, :, ::4].std(-1) > 1).float()
        p_true, p_spoke = model(x)
        losses = [bce(p_true, y_true), bce(p_spoke, y_spoke)]
        opt.zero_grad()
        pcgrad_step(model, losses, opt)
        print(it, [round(l.item(), 4) for l in losses])


if __name__ == "__main__":
    main()
