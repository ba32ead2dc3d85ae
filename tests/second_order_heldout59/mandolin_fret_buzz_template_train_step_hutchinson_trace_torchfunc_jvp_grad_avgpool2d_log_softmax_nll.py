"""Fret-buzz detection on mandolin pluck spectrograms with a flat-minimum (Hessian trace) regulariser.

CurvatureTrainer.train_step is a template method: task loss + lam * self.compute_penalty(...). The base
penalty is zero; HutchinsonTraceTrainer estimates tr(H) with Rademacher probes through torch.func
(forward-over-reverse: jvp of grad), and that estimate is trained on.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

CLASSES = ["clean", "buzz_fret", "buzz_nut", "muted"]


class BuzzNet(nn.Module):
    def __init__(self, n_classes=len(CLASSES), width=8):
        super().__init__()
        self.conv1 = nn.Conv2d(1, width, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(width, 2 * width, 3, padding=1)
        self.fc = nn.Linear(2 * width, n_classes)

    def forward(self, spec):
        h = self.pool(torch.relu(self.conv1(spec)))
        h = torch.relu(self.conv2(h)).mean(dim=(2, 3))
        return self.fc(h)


class CurvatureTrainer:
    def __init__(self, model, lam=0.01, lr=1e-3):
        self.model = model
        self.lam = lam
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def loss_fn(self, params, x, y):
        logits = functional_call(self.model, params, (x,))
        return F.nll_loss(F.log_softmax(logits, dim=-1), y)

    def compute_penalty(self, params, x, y):
        return torch.zeros(())

    def train_step(self, x, y):
        params = dict(self.model.named_parameters())
        loss = self.loss_fn(params, x, y)
        penalty = self.compute_penalty(params, x, y)
        self.opt.zero_grad()
        (loss + self.lam * penalty).backward()
        self.opt.step()
        return loss.item(), float(penalty.detach())


class HutchinsonTraceTrainer(CurvatureTrainer):
    def __init__(self, *args, probes=1, **kw):
        super().__init__(*args, **kw)
        self.probes = probes

    def compute_penalty(self, params, x, y):
        grad_fn = torch.func.grad(lambda p: self.loss_fn(p, x, y))
        est = 0.0
        for _ in range(self.probes):
            v = {k: torch.randint_like(p, 2) * 2 - 1 for k, p in params.items()}
            _, hv = torch.func.jvp(grad_fn, (params,), (v,))
            est = est + sum((v[k] * hv[k]).sum() for k in v)
        return est / self.probes


class HeadHessianTrainer(CurvatureTrainer):
    """Exact Hessian trace of the classifier head only (cheap diagnostic variant)."""

    def compute_penalty(self, params, x, y):
        def head_loss(w):
            return self.loss_fn({**params, "fc.weight": w}, x, y)
        H = torch.func.hessian(head_loss)(params["fc.weight"])
        n = params["fc.weight"].numel()
        return torch.trace(H.reshape(n, n))


TRAINERS = {"none": CurvatureTrainer, "hutchinson": HutchinsonTraceTrainer, "head_exact": HeadHessianTrainer}


def pluck_batch(n, gen, bins=16, frames=16):
    y = torch.randint(0, len(CLASSES), (n,), generator=gen)
    t = torch.linspace(0, 1, frames)
    f = torch.linspace(0, 1, bins)[:, None]
    decay = torch.exp(-t * (2.0 + 3.0 * (y == 3).float()[:, None, None]))
    rattle = (y[:, None, None] == 1).float() * 0.4 * (torch.sin(60 * t) > 0.5).float() * (f > 0.6).float()
    spec = decay * torch.exp(-((f - 0.3) ** 2) / 0.01) + rattle + 0.05 * torch.rand(n, bins, frames, generator=gen)
    # random time shift (reflect-padded) as augmentation
    off = int(torch.randint(0, 5, (1,), generator=gen))
    spec = F.pad(spec[:, None], (2, 2, 0, 0), mode="reflect")[..., off:off + frames]
    return spec, y


@torch.no_grad()
def accuracy(model, x, y):
    return (model(x).argmax(-1) == y).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trainer", default="hutchinson", choices=sorted(TRAINERS))
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--lam", type=float, default=0.01)
    args = ap.parse_args()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = BuzzNet()
    trainer = TRAINERS[args.trainer](model, lam=args.lam)
    for step in range(args.steps):
        x, y = pluck_batch(16, gen)
        loss, pen = trainer.train_step(x, y)
        print(f"step {step}: nll {loss:.4f} trace-estimate {pen:.4f}")
    xv, yv = pluck_batch(64, gen)
    print("val acc %.3f" % accuracy(model, xv, yv))


if __name__ == "__main__":
    main()
