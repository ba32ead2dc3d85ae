"""Lumber-grade prediction from sawmill log-scanner profiles (diameter and ovality along the log),
with a curvature-aware learning-rate controller.

Every `probe_every` steps the trainer estimates the top eigenvalue of the loss Hessian by power
iteration on exact Hessian-vector products (torch.autograd.functional.hvp). The estimate is only used
to cap the SGD learning rate at `safety * 2 / lambda_max` (edge of stability), so the method is
decorated with @torch.no_grad(); hvp enables grad internally and differentiates the loss twice.
"""
import argparse
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hvp
from torch.func import functional_call

GRADES = ["select", "no1_common", "no2_common", "pallet"]


@dataclass
class TrainCfg:
    length: int = 40
    batch: int = 24
    steps: int = 6
    lr_max: float = 0.5
    momentum: float = 0.9
    probe_every: int = 3
    power_iters: int = 4
    safety: float = 0.8


class LogProfileNet(nn.Module):
    def __init__(self, n_cls=len(GRADES), width=12):
        super().__init__()
        self.conv1 = nn.Conv1d(2, width, 5, padding=2)
        self.act1 = nn.PReLU(width)
        self.pool = nn.MaxPool1d(2)
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)
        self.fc = nn.Linear(width, n_cls)

    def forward(self, x):
        h = self.pool(self.act1(self.conv1(x)))
        h = torch.relu(self.conv2(h))
        return self.fc(h.mean(-1))


class CurvatureAwareTrainer:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.names = [n for n, _ in model.named_parameters()]
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg.lr_max, momentum=cfg.momentum)
        self.lam = None

    def _loss_of(self, x, y):
        def f(*flat):
            logits = functional_call(self.model, dict(zip(self.names, flat)), (x,))
            return F.cross_entropy(logits, y)
        return f

    @torch.no_grad()
    def top_eigenvalue(self, x, y):
        params = tuple(p.detach() for p in self.model.parameters())
        v = tuple(torch.randn_like(p) for p in params)
        lam = torch.zeros(())
        for _ in range(self.cfg.power_iters):
            norm = torch.sqrt(sum((t * t).sum() for t in v))
            v = tuple(t / norm for t in v)
            _, hv = hvp(self._loss_of(x, y), params, v)
            lam = sum((a * b).sum() for a, b in zip(v, hv))
            v = hv
        return lam.item()

    def train_step(self, step, x, y):
        if step % self.cfg.probe_every == 0:
            self.lam = self.top_eigenvalue(x, y)
            lr = min(self.cfg.lr_max, self.cfg.safety * 2.0 / max(self.lam, 1e-6))
            for group in self.opt.param_groups:
                group["lr"] = lr
        loss = F.cross_entropy(self.model(x), y, label_smoothing=0.1)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


def scanner_batch(cfg, n):
    grade = torch.randint(0, len(GRADES), (n,))
    pos = torch.linspace(0, 1, cfg.length)
    taper = 0.4 - 0.1 * pos
    diam = taper + 0.02 * grade[:, None] * torch.sin(12 * pos) + 0.01 * torch.randn(n, cfg.length)
    oval = 0.05 * grade[:, None].float() * torch.rand(n, 1) + 0.01 * torch.randn(n, cfg.length)
    x = torch.stack([diam, oval], dim=1)
    with torch.no_grad():
        # random scanner speed: resample the profile and crop back to the nominal length
        scale = float(torch.empty(1).uniform_(1.0, 1.2))
        x = F.interpolate(x, scale_factor=scale, mode="linear", align_corners=False)[..., :cfg.length]
    return x, grade


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=None)
    args = ap.parse_args()
    cfg = TrainCfg()
    if args.steps:
        cfg.steps = args.steps
    torch.manual_seed(0)
    trainer = CurvatureAwareTrainer(LogProfileNet(), cfg)
    for step in range(cfg.steps):
        x, y = scanner_batch(cfg, cfg.batch)
        loss = trainer.train_step(step, x, y)
        lr = trainer.opt.param_groups[0]["lr"]
        print(f"step {step} loss {loss:.3f} lambda_max {trainer.lam:.3f} lr {lr:.3f}")


if __name__ == "__main__":
    main()
