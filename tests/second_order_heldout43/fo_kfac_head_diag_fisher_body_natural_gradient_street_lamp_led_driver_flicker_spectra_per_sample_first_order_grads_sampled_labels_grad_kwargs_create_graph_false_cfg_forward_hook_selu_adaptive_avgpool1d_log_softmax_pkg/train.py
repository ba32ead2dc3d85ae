"""Natural-gradient-style training of the LED-driver fault classifier on synthetic flicker spectra."""
import math

import torch
import torch.nn.functional as F

from config import Config
from fisher import FisherPreconditioner
from model import FlickerNet


def synth_spectra(cfg, g):
    f = torch.linspace(0, 1, cfg.n_bins)
    y = torch.randint(0, len(cfg.classes), (cfg.n_lamps,), generator=g)
    peak_at = torch.tensor([0.05, 0.25, 0.5, 0.75])[y]
    spec = torch.exp(-((f[None, :] - peak_at[:, None]) ** 2) / 0.004)
    spec = spec + 0.1 * torch.rand(cfg.n_lamps, cfg.n_bins, generator=g)
    return torch.log1p(spec)[:, None, :], y


def main(cfg=Config):
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(cfg.seed)
    x, y = synth_spectra(cfg, g)
    model = FlickerNet(cfg.width, len(cfg.classes), cfg.act)
    pre = FisherPreconditioner(model, cfg.FISHER)
    opt = torch.optim.SGD(model.parameters(), lr=cfg.lr)

    for step in range(cfg.steps):
        idx = torch.randint(0, x.shape[0], (cfg.batch,), generator=g)
        xb, yb = x[idx], y[idx]
        pre.update(xb, yb)
        loss = F.nll_loss(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        pre.precondition()
        opt.step()
        print(f"step {step} nll {loss.item():.4f} (chance {math.log(len(cfg.classes)):.3f})")


if __name__ == "__main__":
    main()
