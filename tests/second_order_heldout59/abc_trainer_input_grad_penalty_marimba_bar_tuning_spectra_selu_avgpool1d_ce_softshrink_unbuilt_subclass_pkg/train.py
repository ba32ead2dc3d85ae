"""Defect classification of marimba bars (in tune / sharp overtone / crack / glue joint) from tap tones,
regularised by a penalty on the input gradient. The penalty class is chosen by name."""
import argparse

import torch
import torch.nn.functional as F

import penalties  # noqa: F401  (fills the TRAINERS registry)
from base import TRAINERS
from models import TapToneNet

CONFIG = {"trainer": "input_grad", "lam": 0.05, "lr": 2e-3, "steps": 4, "batch": 16,
          "n_bins": 64, "n_classes": 4, "seed": 0}


@torch.no_grad()
def synth_batch(n, n_bins, n_classes, gen):
    """Synthetic spectra: fundamental and ~3.9x overtone peak, detuned per defect class."""
    y = torch.randint(0, n_classes, (n,), generator=gen)
    f = torch.linspace(0, 1, n_bins)
    centre = 0.12 + 0.03 * y.float()[:, None]
    peaks = torch.exp(-((f - centre) ** 2) / 0.002) + 0.6 * torch.exp(-((f - 3.9 * centre) ** 2) / 0.003)
    x = torch.log1p(peaks + 0.05 * torch.rand(n, n_bins, generator=gen))
    x = F.avg_pool1d(x[:, None], 3, stride=1, padding=1, count_include_pad=False)
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trainer", default=CONFIG["trainer"], choices=sorted(TRAINERS))
    ap.add_argument("--lam", type=float, default=CONFIG["lam"])
    ap.add_argument("--steps", type=int, default=CONFIG["steps"])
    args = ap.parse_args()

    torch.manual_seed(CONFIG["seed"])
    gen = torch.Generator().manual_seed(CONFIG["seed"])
    model = TapToneNet(CONFIG["n_bins"], CONFIG["n_classes"])
    trainer = TRAINERS[args.trainer](model, lr=CONFIG["lr"], lam=args.lam)
    print(f"{type(trainer).__name__}: {model.n_params()} parameters")
    for step in range(args.steps):
        x, y = synth_batch(CONFIG["batch"], CONFIG["n_bins"], CONFIG["n_classes"], gen)
        total = trainer.train_step(x, y)
        print(f"step {step} total {total:.4f} (task, penalty) = {trainer.history[-1]}")
    xv, yv = synth_batch(32, CONFIG["n_bins"], CONFIG["n_classes"], gen)
    print("val nll %.3f acc %.3f" % trainer.evaluate(xv, yv))


if __name__ == "__main__":
    main()
