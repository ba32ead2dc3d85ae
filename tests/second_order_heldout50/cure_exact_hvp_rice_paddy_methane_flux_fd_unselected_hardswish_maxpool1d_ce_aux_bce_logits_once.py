"""CURE-style curvature regularisation for closed-chamber methane flux classification in rice paddies.

Each sample is a 48-step chamber record (CH4 concentration, chamber air temperature). Classes are
the dominant emission pathway: diffusive, ebullition (bubble bursts), plant-mediated. An auxiliary
head predicts whether the record contains a bubble event (multi-label aux target).

Moosavi-Dezfooli et al. (CURE) penalise ||H z|| of the loss w.r.t. the input along the
gradient-sign direction z. `--curvature fd` is the paper's finite difference
||grad l(x + h z) - grad l(x)||^2; `--curvature hvp` (default) uses the exact Hessian-vector
product from torch.autograd.functional.hvp with create_graph=True.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hvp


class FluxNet(nn.Module):
    def __init__(self, in_ch=2, width=24, n_classes=3):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Conv1d(in_ch, width, 5, padding=2),
            nn.Hardswish(),
            nn.MaxPool1d(2),
            nn.Conv1d(width, width, 3, padding=1),
            nn.Tanh(),
        )
        self.cls = nn.Linear(width, n_classes)
        self.aux = nn.Linear(width, 1)

    def features(self, x):
        return self.trunk(x).mean(dim=-1)

    def forward(self, x):
        f = self.features(x)
        return self.cls(f), self.aux(f).squeeze(-1)


def cure_direction(model, x, y):
    x = x.detach().requires_grad_(True)
    logits, _ = model(x)
    (g,) = torch.autograd.grad(F.cross_entropy(logits, y), x)
    z = torch.sign(g)
    return z / z.flatten(1).norm(dim=1).clamp_min(1e-8)[:, None, None]


def curvature_fd(model, x, y, z, h):
    x = x.detach().requires_grad_(True)
    x_h = x + h * z
    loss_x = F.cross_entropy(model(x)[0], y, reduction="sum")
    loss_h = F.cross_entropy(model(x_h)[0], y, reduction="sum")
    (gdiff,) = torch.autograd.grad(loss_h - loss_x, x, create_graph=True)
    return loss_x / x.shape[0], gdiff.pow(2).flatten(1).sum(1).mean()


def curvature_hvp(model, x, y, z, h):
    def task_loss(inp):
        logits, _ = model(inp)
        return F.cross_entropy(logits, y)

    ce, hz = hvp(task_loss, x.detach(), z, create_graph=True)
    return ce, (h * x.shape[0]) ** 2 * hz.pow(2).flatten(1).sum(1).mean()


CURVATURE = {"fd": curvature_fd, "hvp": curvature_hvp}


class Trainer:
    def __init__(self, model, args):
        self.model, self.args = model, args
        self.opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
        self.curv = CURVATURE[args.curvature]

    def step(self, x, y, bubble):
        z = cure_direction(self.model, x, y)
        ce, curv = self.curv(self.model, x, y, z, self.args.h)
        _, aux_logit = self.model(x)
        aux = F.binary_cross_entropy_with_logits(aux_logit, bubble)
        loss = ce + self.args.aux_weight * aux + self.args.gamma * curv
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return ce.item(), curv.item(), aux.item()

    @torch.no_grad()
    def accuracy(self, x, y):
        probs = F.softmax(self.model(x)[0], dim=1)
        return (probs.argmax(1) == y).float().mean().item()


def chamber_records(n, gen, steps=48):
    y = torch.randint(0, 3, (n,), generator=gen)
    t = torch.linspace(0, 1, steps)
    slope = 0.5 + 0.5 * (y == 2).float()
    conc = slope[:, None] * t[None]
    bubble = ((y == 1) & (torch.rand(n, generator=gen) < 0.8)).float()
    jump_at = torch.randint(10, steps - 10, (n,), generator=gen)
    conc = conc + bubble[:, None] * (torch.arange(steps)[None] >= jump_at[:, None]).float()
    temp = 0.2 * torch.sin(6.28 * t)[None].expand(n, -1)
    x = torch.stack([conc, temp], dim=1) + 0.05 * torch.randn(n, 2, steps, generator=gen)
    return x, y, bubble


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--curvature", choices=sorted(CURVATURE), default="hvp")
    ap.add_argument("--h", type=float, default=1.5)
    ap.add_argument("--gamma", type=float, default=0.5)
    ap.add_argument("--aux-weight", type=float, default=0.3)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--steps", type=int, default=5)
    args = ap.parse_args()
    gen = torch.Generator().manual_seed(7)
    trainer = Trainer(FluxNet(), args)
    for it in range(args.steps):
        x, y, bubble = chamber_records(16, gen)
        ce, curv, aux = trainer.step(x, y, bubble)
        print(f"it {it} ce {ce:.3f} curv {curv:.3e} aux {aux:.3f} acc {trainer.accuracy(x, y):.2f}")


if __name__ == "__main__":
    main()
