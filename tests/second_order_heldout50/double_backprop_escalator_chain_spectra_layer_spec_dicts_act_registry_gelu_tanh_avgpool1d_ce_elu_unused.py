"""Double backpropagation for escalator step-chain fault classification.

Each sample is a log-magnitude vibration spectrum from a tri-axial accelerometer bolted to the
step-chain tensioner (3 channels x 128 frequency bins). Classes: healthy, worn roller, stretched
chain, misaligned comb plate, loose step. The classifier is assembled from a list of layer-spec
dicts and an activation registry. Training adds lambda * ||d CE / d x||^2 (Drucker & LeCun 1992),
which makes the classifier less sensitive to small spectral shifts between installations.
"""
import argparse
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "relu": lambda: nn.ReLU(),
    "gelu_tanh": lambda: nn.GELU(approximate="tanh"),
    "elu": lambda: nn.ELU(alpha=0.5),
    "hswish": lambda: nn.Hardswish(),
    "silu": lambda: nn.SiLU(),
}

LAYER_SPECS = [
    {"type": "conv", "out": 16, "k": 5, "act": "gelu_tanh"},
    {"type": "pool", "k": 2},
    {"type": "conv", "out": 24, "k": 3, "act": "silu"},
    {"type": "pool", "k": 2},
    {"type": "conv", "out": 32, "k": 3, "act": "gelu_tanh"},
    {"type": "gap"},
    {"type": "fc", "out": 5},
]


class GlobalMean(nn.Module):
    def forward(self, x):
        return x.mean(dim=-1)


def build_layers(specs, in_ch):
    layers, ch = [], in_ch
    for spec in specs:
        kind = spec["type"]
        if kind == "conv":
            layers.append(nn.Conv1d(ch, spec["out"], spec["k"], padding=spec["k"] // 2))
            layers.append(ACTIVATIONS[spec["act"]]())
            ch = spec["out"]
        elif kind == "pool":
            layers.append(nn.AvgPool1d(spec["k"]))
        elif kind == "gap":
            layers.append(GlobalMean())
        elif kind == "fc":
            layers.append(nn.Linear(ch, spec["out"]))
            ch = spec["out"]
        else:
            raise ValueError(f"unknown layer type {kind!r}")
    return nn.Sequential(*layers)


class StepChainClassifier(nn.Module):
    def __init__(self, in_ch=3, specs=LAYER_SPECS):
        super().__init__()
        self.body = build_layers(specs, in_ch)

    def forward(self, x):
        return self.body(x)


def smooth_spectrum(x, width=3):
    # light smoothing of the raw spectra (data preparation only)
    with torch.no_grad():
        return F.avg_pool1d(x, width, stride=1, padding=width // 2, count_include_pad=False)


def make_dataset(n, bins=128, n_classes=5, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, n_classes, (n,), generator=g)
    freqs = torch.linspace(0, 1, bins)
    base = -2.0 * freqs.expand(n, 3, bins).clone()
    peaks = 0.15 + 0.15 * y.float()
    bump = torch.exp(-((freqs[None, None, :] - peaks[:, None, None]) ** 2) / 0.002)
    x = base + bump + 0.3 * torch.randn(n, 3, bins, generator=g)
    return smooth_spectrum(x), y


def double_backprop_loss(model, x, y, lam):
    x = x.clone().requires_grad_(True)
    logits = model(x)
    ce = F.cross_entropy(logits, y)
    (gx,) = torch.autograd.grad(ce, x, create_graph=True)
    penalty = gx.pow(2).sum(dim=(1, 2)).mean()
    return ce + lam * penalty, ce.detach(), penalty.detach()


@torch.no_grad()
def evaluate(model, x, y):
    model.eval()
    logp = F.log_softmax(model(x), dim=1)
    nll = -logp.gather(1, y[:, None]).mean()
    acc = (logp.argmax(1) == y).float().mean()
    model.train()
    return nll.item(), acc.item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lam", type=float, default=0.05)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--n-train", type=int, default=64)
    args = ap.parse_args()

    torch.manual_seed(0)
    x_tr, y_tr = make_dataset(args.n_train)
    x_va, y_va = make_dataset(32, seed=1)
    model = StepChainClassifier()
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)

    for epoch in range(args.epochs):
        t0 = time.time()
        perm = torch.randperm(x_tr.shape[0])
        for i in range(0, x_tr.shape[0], args.batch):
            idx = perm[i:i + args.batch]
            loss, ce, pen = double_backprop_loss(model, x_tr[idx], y_tr[idx], args.lam)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        nll, acc = evaluate(model, x_va, y_va)
        print(f"epoch {epoch} ce {ce:.3f} pen {pen:.2e} val_nll {nll:.3f} acc {acc:.2f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
