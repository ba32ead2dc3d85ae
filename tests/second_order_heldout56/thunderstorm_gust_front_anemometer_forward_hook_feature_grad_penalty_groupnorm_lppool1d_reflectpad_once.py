"""Gust-front passage warning from surface anemometer sequences (48 one-minute samples, 5 channels).

A forward hook taps the stem output; `FeatureSensitivityPenalty` differentiates the warning logit w.r.t.
the tapped features (create_graph) so the detector does not hinge on a few stem channels. A full backward
hook on the warning head logs the gradient that reaches it.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

HP = {"channels": 5, "steps_in": 48, "width": 16, "batch": 8, "iters": 3, "lr": 1e-3,
      "sens_weight": 0.5, "gust_weight": 0.3}


class GustFrontNet(nn.Module):
    def __init__(self, c_in, width):
        super().__init__()
        self.stem = nn.Sequential(nn.ReflectionPad1d(2), nn.Conv1d(c_in, width, 5), nn.SiLU())
        self.mix = nn.Conv1d(width, width, 3, padding=1)
        self.norm = nn.GroupNorm(4, width)
        self.energy = nn.LPPool1d(2, kernel_size=12)           # RMS over 12-minute windows
        self.warn_head = nn.Linear(width * 4, 1)
        self.gust_head = nn.Linear(width * 4, 1)

    def forward(self, x):
        h = self.stem(x)
        h = F.gelu(self.norm(self.mix(h))) + h
        e = self.energy(h).flatten(1)
        return {"logit": self.warn_head(e).squeeze(1), "gust": self.gust_head(e).squeeze(1)}


class FeatureTap:
    """Keeps the latest output of `module` (a forward hook)."""

    def __init__(self, module):
        self.feats = None
        self.handle = module.register_forward_hook(self._hook)

    def _hook(self, module, inputs, output):
        self.feats = output


class HeadGradientLog:
    def __init__(self, module):
        self.norms = []
        self.handle = module.register_full_backward_hook(self._hook)

    def _hook(self, module, grad_input, grad_output):
        self.norms.append(grad_output[0].norm().item())


class FeatureSensitivityPenalty:
    def __init__(self, tap, weight):
        self.tap, self.weight = tap, weight

    def on_loss(self, losses, out):
        (g,) = torch.autograd.grad(out["logit"].sum(), self.tap.feats, create_graph=True)
        per_channel = g.pow(2).mean(dim=(0, 2))
        losses["sensitivity"] = self.weight * per_channel.max() / (per_channel.mean() + 1e-8)


def anemometer_batch(hp):
    B, T = hp["batch"], hp["steps_in"]
    t = torch.arange(T).float()
    passage = torch.randint(0, 2, (B,)).float()
    onset = torch.randint(20, 40, (B,)).float()
    ramp = torch.sigmoid((t - onset[:, None]) / 2.0) * passage[:, None]
    speed = 4 + 8 * ramp + torch.randn(B, T)
    gust = speed + 3 * ramp + torch.rand(B, T)
    wdir = 0.3 * torch.randn(B, T) + 1.5 * ramp
    pressure = 1.2 * ramp + 0.1 * torch.randn(B, T)
    jump = F.pad(torch.diff(pressure, dim=1).unsqueeze(1), (1, 0), mode="replicate").squeeze(1)
    x = torch.stack([speed / 10, gust / 10, torch.sin(wdir), torch.cos(wdir), jump], 1)
    return x, passage, gust.amax(1) / 10


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=HP["iters"])
    ap.add_argument("--sens-weight", type=float, default=HP["sens_weight"])
    args = ap.parse_args()
    torch.manual_seed(0)
    model = GustFrontNet(HP["channels"], HP["width"])
    tap = FeatureTap(model.stem)
    grad_log = HeadGradientLog(model.warn_head)
    penalty = FeatureSensitivityPenalty(tap, args.sens_weight)
    opt = torch.optim.AdamW(model.parameters(), lr=HP["lr"])
    for it in range(args.iters):
        x, passage, peak = anemometer_batch(HP)
        out = model(x)
        losses = {"warn": F.binary_cross_entropy_with_logits(out["logit"], passage),
                  "gust": HP["gust_weight"] * F.huber_loss(out["gust"], peak)}
        penalty.on_loss(losses, out)
        opt.zero_grad()
        sum(losses.values()).backward()
        opt.step()
        print(it, {k: round(v.item(), 4) for k, v in losses.items()}, "head grad", round(grad_log.norms[-1], 5))


if __name__ == "__main__":
    main()
