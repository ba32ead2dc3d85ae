"""Bookbinding sewing-station fault classifier (thread tension traces) with a head-Jacobian penalty.

A forward hook on the backbone records the pooled features; the penalty is the norm of a random projection of
d logits / d features, taken with create_graph=True, so the head is kept smooth around the embedding.
An AveragedModel (EMA) copy is evaluated at the end.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

log = logging.getLogger("bindery")
FAULTS = ("ok", "slack_kettle_stitch", "thread_snag", "needle_skip", "over_tension")


class ActivationRecorder:
    """Keeps the latest output of every hooked module (like a feature-extractor utility)."""

    def __init__(self):
        self.store = {}
        self.handles = []

    def hook(self, name):
        def fn(module, inputs, output):
            self.store[name] = output
        return fn

    def attach(self, model, names):
        modules = dict(model.named_modules())
        for n in names:
            self.handles.append(modules[n].register_forward_hook(self.hook(n)))

    def remove(self):
        for h in self.handles:
            h.remove()


class TensionNet(nn.Module):
    def __init__(self, n_cls=len(FAULTS), width=24):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv1d(1, width, 7, padding=3),
            nn.ReLU6(),
            nn.MaxPool1d(4),
            nn.Conv1d(width, width, 5, padding=2),
            nn.ReLU6(),
            nn.AdaptiveMaxPool1d(1),
            nn.Flatten(),
        )
        self.fc1 = nn.Linear(width, width)
        self.prelu = nn.PReLU(width)
        self.fc2 = nn.Linear(width, n_cls)

    def forward(self, x):
        feats = self.backbone(x)
        h = self.prelu(self.fc1(feats))
        h = F.hardswish(h)
        return self.fc2(h)


def tension_traces(n, length=128, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, len(FAULTS), (n,), generator=g)
    t = torch.linspace(0, 8 * torch.pi, length)
    x = 1.0 + 0.1 * torch.sin(t) + 0.03 * torch.randn(n, length, generator=g)
    for i in range(n):
        c = int(y[i])
        if c == 1:
            x[i] *= 0.7
        elif c == 2:
            x[i, 60:66] += 0.8
        elif c == 3:
            x[i, 40:80:8] = 0.2
        elif c == 4:
            x[i] += 0.4
    return x[:, None], y


def train(args):
    torch.manual_seed(0)
    x, y = tension_traces(96)
    model = TensionNet()
    ema = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(args.ema_decay))
    rec = ActivationRecorder()
    rec.attach(model, ["backbone"])
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)

    for step in range(args.steps):
        idx = torch.randperm(len(x))[: args.batch]
        logits = model(x[idx])
        feats = rec.store["backbone"]
        task = F.cross_entropy(logits, y[idx])
        v = torch.randn_like(logits)
        (jv,) = torch.autograd.grad((logits * v).sum(), feats, create_graph=True)
        jac_pen = jv.pow(2).sum(1).mean()
        loss = task + args.jac_weight * jac_pen
        opt.zero_grad()
        loss.backward()
        opt.step()
        ema.update_parameters(model)
        log.info("step %d  ce %.4f  jac %.4f", step, task.item(), jac_pen.item())

    rec.remove()
    assert model.prelu.weight.grad is not None and model.prelu.weight.grad.abs().sum() > 0
    with torch.no_grad():
        acc = (ema(x).argmax(1) == y).float().mean()
    log.info("EMA accuracy %.3f", acc.item())


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--jac-weight", type=float, default=0.05)
    ap.add_argument("--ema-decay", type=float, default=0.9)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    train(ap.parse_args())
