"""Grain-kernel protein grade from NIR reflectance spectra.

Mixup is done in the collate_fn (on L2-normalised spectra), soft targets blend the one-hot labels with an
EMA teacher's tempered predictions, and the student is trained with a double-backprop gradient-norm
penalty w.r.t. the mixed spectra.
"""
import argparse
import copy
import logging
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

log = logging.getLogger("nir")

ACTS = {
    "selu": nn.SELU,
    "elu": nn.ELU,
    "gelu": nn.GELU,
}


def make_spectra(n=96, bands=64, grades=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, grades, (n,), generator=g)
    wl = torch.linspace(0, 1, bands)
    peaks = torch.exp(-((wl[None, :] - 0.3 - 0.1 * y[:, None].float()) ** 2) / 0.01)
    x = 0.5 + peaks + 0.05 * torch.randn(n, bands, generator=g)
    return x, y


class MixupCollate:
    def __init__(self, alpha, classes):
        self.beta = torch.distributions.Beta(alpha, alpha)
        self.classes = classes

    def __call__(self, batch):
        x = torch.stack([b[0] for b in batch])
        y = torch.stack([b[1] for b in batch])
        x = F.normalize(x - x.mean(dim=1, keepdim=True), dim=1)
        lam = self.beta.sample()
        perm = torch.randperm(x.size(0))
        x = lam * x + (1 - lam) * x[perm]
        y1 = F.one_hot(y, self.classes).float()
        y = lam * y1 + (1 - lam) * y1[perm]
        return x, y


class SpectraMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        layers, d = [], cfg.bands
        for h in cfg.hidden:
            layers += [nn.Linear(d, h), ACTS[cfg.act]()]
            d = h
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(d, cfg.grades)

    def forward(self, x):
        return self.head(self.body(x))


def soft_cross_entropy(logits, soft_targets):
    return -(soft_targets * F.log_softmax(logits, dim=-1)).sum(dim=-1).mean()


@torch.no_grad()
def teacher_targets(teacher, x, y_mix, temp, w):
    p = F.log_softmax(teacher(x) / temp, dim=-1).exp()
    return (1 - w) * y_mix + w * p


@torch.no_grad()
def ema_update(teacher, student, decay):
    for pt, ps in zip(teacher.parameters(), student.parameters()):
        pt.mul_(decay).add_(ps, alpha=1 - decay)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--gp", type=float, default=0.5)
    a = ap.parse_args()
    cfg = SimpleNamespace(bands=64, hidden=(64, 32), grades=4, act="selu", alpha=0.4, temp=2.0,
                          teacher_w=0.3, ema=0.99, gp=a.gp, epochs=a.epochs)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    x, y = make_spectra(bands=cfg.bands, grades=cfg.grades)
    loader = DataLoader(TensorDataset(x, y), batch_size=16, shuffle=True,
                        collate_fn=MixupCollate(cfg.alpha, cfg.grades))
    student = SpectraMLP(cfg)
    teacher = copy.deepcopy(student).requires_grad_(False)
    opt = torch.optim.Adam(student.parameters(), 1e-3)
    for epoch in range(cfg.epochs):
        for xb, yb in loader:
            target = teacher_targets(teacher, xb, yb, cfg.temp, cfg.teacher_w)
            xb.requires_grad_(True)
            loss = soft_cross_entropy(student(xb), target)
            (gx,) = torch.autograd.grad(loss, xb, create_graph=True)
            total = loss + cfg.gp * gx.norm(dim=1).pow(2).mean()
            opt.zero_grad()
            total.backward()
            assert student.head.weight.grad is not None
            opt.step()
            ema_update(teacher, student, cfg.ema)
        log.info("epoch %d loss %.4f total %.4f", epoch, loss.item(), total.item())


if __name__ == "__main__":
    main()
