"""Accent identification for air-traffic-control radio calls, with a loss-sharpness monitor.

Every `--sharpness-every` steps the top Hessian eigenvalue of the loss on a fixed probe batch is estimated by
power iteration over exact Hessian-vector products (Pearlmutter trick: grad of <grad(L, create_graph=True), v>).
The estimate is logged and used to cap the learning rate (edge-of-stability heuristic lr <= 2 / lambda_max).
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger("atc_accent")
ACCENTS = ["en-GB", "en-IN", "fr-FR", "de-DE", "es-ES", "zh-CN"]


class ConvFrontend(nn.Module):
    def __init__(self, n_feats, ch):
        super().__init__()
        self.conv1 = nn.Conv1d(n_feats, ch, 5, stride=2, padding=2)
        self.bn1 = nn.BatchNorm1d(ch)
        self.act1 = nn.PReLU(ch)
        self.conv2 = nn.Conv1d(ch, ch, 3, padding=1)
        self.act2 = nn.LeakyReLU(0.1)

    def forward(self, x):
        x = self.act1(self.bn1(self.conv1(x)))
        return self.act2(self.conv2(x))


class AttentivePooling(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.score = nn.Sequential(nn.Linear(dim, dim // 2), nn.Tanh(), nn.Linear(dim // 2, 1))

    def forward(self, h):  # (B, T, D)
        w = torch.softmax(self.score(h), dim=1)
        return (w * h).sum(1)


class AccentClassifier(nn.Module):
    def __init__(self, n_feats=24, ch=32, hidden=32, n_classes=len(ACCENTS)):
        super().__init__()
        self.frontend = ConvFrontend(n_feats, ch)
        self.rnn = nn.GRU(ch, hidden, batch_first=True, bidirectional=True)
        self.pool = AttentivePooling(2 * hidden)
        self.drop = nn.Dropout(0.1)
        self.out = nn.Linear(2 * hidden, n_classes)

    def forward(self, feats):  # (B, n_feats, T)
        h = self.frontend(feats).transpose(1, 2)
        h, _ = self.rnn(h)
        return self.out(self.drop(self.pool(h)))


def fake_radio_batch(batch, n_feats, frames, gen):
    """Band-limited (300-3400 Hz) radio log-filterbank frames with accent-dependent formant offsets."""
    y = torch.randint(0, len(ACCENTS), (batch,), generator=gen)
    bins = torch.arange(n_feats).float()
    centre = 6 + 2.2 * y.float()[:, None, None]
    t = torch.arange(frames).float()
    formant = torch.exp(-((bins[None, :, None] - centre - 2 * torch.sin(t / (3 + y[:, None, None]))) ** 2) / 6)
    squelch = (torch.rand(batch, 1, frames, generator=gen) > 0.1).float()
    x = (formant + 0.3 * torch.randn(batch, n_feats, frames, generator=gen)) * squelch
    return x, y


def params_of(model):
    return [p for p in model.parameters() if p.requires_grad]


def top_hessian_eigenvalue(model, x, y, iters=3):
    params = params_of(model)
    was_training = model.training
    model.eval()
    loss = F.cross_entropy(model(x), y)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    v = [torch.randn_like(p) for p in params]
    eig = 0.0
    for _ in range(iters):
        with torch.no_grad():
            norm = torch.sqrt(sum((vi ** 2).sum() for vi in v))
            v = [vi / norm for vi in v]
        gv = sum((g * vi).sum() for g, vi in zip(grads, v))
        hv = torch.autograd.grad(gv, params, retain_graph=True)
        with torch.no_grad():
            eig = sum((h * vi).sum() for h, vi in zip(hv, v)).item()
        v = [h.detach() for h in hv]
    model.train(was_training)
    return eig


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--batch", type=int, default=12)
    ap.add_argument("--frames", type=int, default=40)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--sharpness-every", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(levelname)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(7)

    model = AccentClassifier()
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    probe_x, probe_y = fake_radio_batch(16, 24, args.frames, gen)
    for step in range(args.steps):
        x, y = fake_radio_batch(args.batch, 24, args.frames, gen)
        loss = F.cross_entropy(model(x), y, label_smoothing=0.05)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % args.sharpness_every == 0:
            lam = top_hessian_eigenvalue(model, probe_x, probe_y)
            cap = 2.0 / max(lam, 1e-8)
            for group in opt.param_groups:
                group["lr"] = min(args.lr, 0.9 * cap) if math.isfinite(cap) and lam > 0 else args.lr
            logger.info("step %d loss %.4f lambda_max %.4f lr %.5f", step, loss.item(), lam, opt.param_groups[0]["lr"])


if __name__ == "__main__":
    main()
