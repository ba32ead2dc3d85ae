"""CURE (Moosavi-Dezfooli et al.) curvature regularisation for a porpoise click-train detector.

Passive-acoustic-monitoring lab: 2-D spectrogram patches from hydrophone moorings, classes = {noise, boat sonar,
harbour porpoise click train, dolphin whistle}. CURE penalises || grad_x l(x + h z) - grad_x l(x) ||^2 with
z = sign(grad_x l(x)), both input gradients taken with create_graph=True so that the penalty trains the network.
"""
import argparse
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F


class ClickTrainNet(nn.Module):
    def __init__(self, n_classes=4, width=16):
        super().__init__()
        self.frontend = nn.Conv2d(1, width, 3, padding=1)
        self.shrink = nn.Softshrink(0.05)
        self.body = nn.Sequential(
            nn.Conv2d(width, width, 3, padding=1),
            nn.BatchNorm2d(width),
            nn.SiLU(),
            nn.AvgPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1),
            nn.SiLU(),
        )
        self.head = nn.Linear(2 * width, n_classes)

    def forward(self, x):
        h = self.shrink(self.frontend(x))
        h = self.body(h)
        return self.head(h.mean(dim=(2, 3)))


def make_input_grad(model, create_graph):
    def input_grad(x, y):
        x = x if x.requires_grad else x.clone().requires_grad_(True)
        loss = F.cross_entropy(model(x), y, reduction="sum")
        return torch.autograd.grad(loss, x, create_graph=create_graph)[0]
    return input_grad


class CURETrainer:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
        self.grad_fn = make_input_grad(model, create_graph=True)

    def curvature_penalty(self, x, y):
        g0 = self.grad_fn(x, y)
        z = g0.detach().sign()
        z = z / (z.flatten(1).norm(dim=1).view(-1, 1, 1, 1) + 1e-12)
        g1 = self.grad_fn(x + self.cfg.h * z, y)
        return (g1 - g0).flatten(1).pow(2).sum(1).mean()

    def step(self, x, y):
        logits = self.model(x)
        ce = F.cross_entropy(logits, y)
        reg = self.curvature_penalty(x, y)
        loss = ce + self.cfg.gamma * reg
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return ce.item(), reg.item()

    @torch.no_grad()
    def evaluate(self, x, y):
        self.model.eval()
        logp = F.log_softmax(self.model(x), dim=-1)
        self.model.train()
        return (-logp.gather(1, y[:, None]).mean()).item(), (logp.argmax(-1) == y).float().mean().item()


def synth_patches(n, gen, f_bins=32, t_bins=32):
    y = torch.randint(0, 4, (n,), generator=gen)
    x = 0.2 * torch.rand(n, 1, f_bins, t_bins, generator=gen)
    for i, c in enumerate(y.tolist()):
        if c == 1:
            x[i, 0, 4:8, ::4] += 1.0
        elif c == 2:
            x[i, 0, 26:30, ::3] += 0.8
        elif c == 3:
            x[i, 0, torch.arange(8, 24), torch.arange(4, 20)] += 0.9
    return x.log1p(), y


def spec_augment(x, gen, max_w=4):
    x = x.clone()
    for i in range(x.shape[0]):
        f0 = int(torch.randint(0, x.shape[2] - max_w, (1,), generator=gen))
        x[i, :, f0:f0 + max_w] = 0
    return x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--gamma", type=float, default=4.0)
    ap.add_argument("--h", type=float, default=0.5)
    a = ap.parse_args()
    cfg = SimpleNamespace(lr=0.02, gamma=a.gamma, h=a.h, batch=16)
    torch.manual_seed(2)
    gen = torch.Generator().manual_seed(2)
    trainer = CURETrainer(ClickTrainNet(), cfg)
    for it in range(a.iters):
        x, y = synth_patches(cfg.batch, gen)
        ce, reg = trainer.step(spec_augment(x, gen), y)
        print(f"iter {it} ce {ce:.3f} cure {reg:.3e}")
    xv, yv = synth_patches(32, gen)
    print("val nll / acc", trainer.evaluate(xv, yv))


if __name__ == "__main__":
    main()
