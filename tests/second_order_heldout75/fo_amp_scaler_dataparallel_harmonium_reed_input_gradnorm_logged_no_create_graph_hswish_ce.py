"""Harmonium reed-voicing classifier on log-mel patches, AMP + DataParallel boilerplate.

Besides the task loss, the trainer logs the norm of d loss / d input (a robustness monitor).  The monitor
gradient is taken from the scaled loss without create_graph and only unscaled for logging.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("harmonium")
VOICINGS = ("bright", "mellow", "buzzy", "weak_attack")


class ReedCNN(nn.Module):
    def __init__(self, n_cls=len(VOICINGS)):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 12, 3, padding=1),
            nn.BatchNorm2d(12),
            nn.Hardswish(),
            nn.AvgPool2d(2),
            nn.Conv2d(12, 24, 3, padding=1),
            nn.Hardswish(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(24, n_cls)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def mel_patches(n, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, len(VOICINGS), (n,), generator=g)
    x = torch.randn(n, 1, 16, 16, generator=g) * 0.3
    for i in range(n):
        x[i, 0, : 4 + 3 * int(y[i])] += 1.0
    return x, y


def build_model(args):
    model = ReedCNN()
    if torch.cuda.is_available() and torch.cuda.device_count() > 1:
        model = nn.DataParallel(model)
    return model


def train(args):
    torch.manual_seed(0)
    x, y = mel_patches(64)
    model = build_model(args)
    core = model.module if isinstance(model, nn.DataParallel) else model
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    scaler = torch.amp.GradScaler("cpu", enabled=args.amp)

    for step in range(args.steps):
        idx = torch.randperm(len(x))[:16]
        xb = x[idx].clone().requires_grad_(args.log_input_grad)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
            logits = model(xb)
            loss = F.cross_entropy(logits.float(), y[idx])

        in_norm = float("nan")
        if args.log_input_grad:
            (g_scaled,) = torch.autograd.grad(scaler.scale(loss), xb, retain_graph=True, create_graph=False)
            g = g_scaled / scaler.get_scale()
            in_norm = g.flatten(1).norm(dim=1).mean().item()

        opt.zero_grad(set_to_none=True)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        log.info("step %d  ce %.4f  |dL/dx| %.4f", step, loss.item(), in_norm)

    assert core.classifier.weight.grad is not None
    with torch.no_grad():
        logp = F.log_softmax(model(x), dim=1)
        log.info("train nll %.4f", F.nll_loss(logp, y).item())


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--amp", type=bool, default=True)
    ap.add_argument("--log-input-grad", type=bool, default=True)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    train(ap.parse_args())
