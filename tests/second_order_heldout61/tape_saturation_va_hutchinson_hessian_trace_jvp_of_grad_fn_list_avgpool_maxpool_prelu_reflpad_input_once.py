"""Virtual-analog model of reel-to-reel tape saturation with a flatness (Hessian-trace) regulariser.

The model is a list of callables run in a loop (modules and plain functions alike). The data loss is
an explicit function of a parameter dict (torch.func.functional_call); its Hessian-vector products
come from forward-over-reverse composition jvp(grad(f)), and a Hutchinson estimate of tr(H) is added
to the loss (sharpness-aware "flat minima" training). The training step is built by make_step.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jvp


def hvp_of(f):
    """Return (params, v) -> H_f(params) @ v, by forward-over-reverse."""
    return lambda p, v: jvp(grad(f), (p,), (v,))[1]


def rademacher_like(p, gen):
    return {k: torch.randint(0, 2, t.shape, generator=gen).to(t.dtype) * 2 - 1 for k, t in p.items()}


class TapeNet(nn.Module):
    def __init__(self, ch=12, k=5, drive=2.0):
        super().__init__()
        self.pad = nn.ReflectionPad1d(k // 2)
        self.conv_in = nn.Conv1d(1, ch, k)
        self.act = nn.PReLU(ch)
        self.smooth = nn.AvgPool1d(3, stride=1, padding=1)
        self.peak = nn.MaxPool1d(3, stride=1, padding=1)        # peak-hold: tape compression envelope
        self.conv_mid = nn.Conv1d(ch, ch, 1)
        self.conv_out = nn.Conv1d(ch, 1, 1)
        self.drive = drive
        self.pipeline = [self.pad, self.conv_in, self.act, self.smooth, self.peak, self.conv_mid, torch.tanh,
                         self.conv_out]

    def forward(self, x):
        h = x
        for f in self.pipeline:
            h = f(h)
        return torch.tanh(self.drive * (x + h)) / math.tanh(self.drive)


@torch.no_grad()
def tape_reference(x, drive=2.5, bias=0.15):
    """Stand-in for the measured deck: head-bump low-pass, biased saturation, pre/de-emphasis."""
    lp = F.avg_pool1d(F.pad(x, (2, 2), mode="reflect"), 5, stride=1)
    emph = x + 0.6 * (x - lp)
    return (torch.tanh(drive * (emph + bias)) - math.tanh(drive * bias)) / math.tanh(drive)


def synth_batch(n, length, gen, sr=8000):
    t = torch.arange(length) / sr
    f0 = 80 + 400 * torch.rand(n, 1, generator=gen)
    amp = 0.2 + 0.8 * torch.rand(n, 1, generator=gen)
    x = amp * torch.sin(2 * math.pi * f0 * t) + 0.02 * torch.randn(n, length, generator=gen)
    return x.unsqueeze(1)


def make_step(model, opt, rho, n_probes, gen):
    pre_emph = lambda s: s[..., 1:] - 0.85 * s[..., :-1]

    def step(x, y):
        params = dict(model.named_parameters())

        def data_loss(p):
            err = pre_emph(functional_call(model, p, (x,))) - pre_emph(y)
            return err.pow(2).mean()  # written out: F.mse_loss fails under jvp(grad(.)) here

        hvp = hvp_of(data_loss)
        probes = (rademacher_like(params, gen) for _ in range(n_probes))
        trace = sum(sum((hv * v[k]).sum() for k, hv in hvp(params, v).items()) for v in probes) / n_probes
        fit = data_loss(params)
        loss = fit + rho * trace
        opt.zero_grad()
        loss.backward()
        opt.step()
        return fit.item(), trace.item()

    return step


def esr(model, x, y):
    with torch.no_grad():
        e = model(x) - y
        return (e.pow(2).sum() / y.pow(2).sum()).item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--length", type=int, default=256)
    ap.add_argument("--rho", type=float, default=1e-3)
    ap.add_argument("--probes", type=int, default=2)
    args = ap.parse_args()

    gen = torch.Generator().manual_seed(3)
    model = TapeNet()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    step = make_step(model, opt, args.rho, args.probes, gen)
    for i in range(args.steps):
        x = synth_batch(args.batch, args.length, gen)
        y = tape_reference(x)
        fit, tr = step(x, y)
        print(f"step {i} fit={fit:.5f} trH~{tr:.4f}")
    x = synth_batch(4, args.length, gen)
    print("ESR:", round(esr(model, x, tape_reference(x)), 4))


if __name__ == "__main__":
    main()
