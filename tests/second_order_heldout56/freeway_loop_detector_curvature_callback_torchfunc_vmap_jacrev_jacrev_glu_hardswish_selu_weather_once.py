"""Next-bin speed forecasting from freeway loop detectors (S stations x T five-minute bins).

Training is driven by a small callback trainer. `InputCurvatureCallback` penalises the curvature of one
station's forecast w.r.t. the upstream speed history: a per-sample Hessian from
`vmap(jacrev(jacrev(functional_call(...))))`, added to the loss dict before backward.
"""
import argparse
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, jacrev, vmap

DEFAULTS = dict(stations=6, bins=12, weather=3, hidden=16, batch=8, steps=3, lr=3e-3,
                curvature_weight=0.05, curvature_samples=3)


class GatedTemporalConv(nn.Module):
    def __init__(self, c_in, c_out, k=3):
        super().__init__()
        self.conv = nn.Conv1d(c_in, 2 * c_out, k, padding=k // 2)
        self.glu = nn.GLU(dim=1)

    def forward(self, x):
        return self.glu(self.conv(x))


class SpeedForecaster(nn.Module):
    def __init__(self, stations, bins, weather, hidden):
        super().__init__()
        self.spatial = nn.Linear(stations, stations)          # detector-to-detector mixing
        self.temporal = GatedTemporalConv(stations, hidden)
        self.weather = nn.Sequential(nn.Linear(weather, hidden), nn.SELU())
        self.fc = nn.Linear(hidden * bins, hidden)
        self.out = nn.Linear(hidden, stations)

    def forward(self, speeds, wx):                            # speeds (B, S, T), wx (B, W)
        h = self.spatial(speeds.transpose(1, 2)).transpose(1, 2)
        h = self.temporal(h) + self.weather(wx).unsqueeze(-1)
        h = F.hardswish(self.fc(h.flatten(1)))
        return speeds[:, :, -1] + self.out(torch.tanh(h))


class Callback:
    def on_before_backward(self, trainer, losses, batch):
        pass

    def on_batch_end(self, trainer, step, losses, batch):
        pass


class InputCurvatureCallback(Callback):
    def __init__(self, weight, samples):
        self.weight, self.samples = weight, samples

    def on_before_backward(self, trainer, losses, batch):
        model = trainer.model
        params = dict(model.named_parameters())
        station = int(torch.randint(0, batch["x"].size(1), ()))

        def forecast(p, x, w, s):
            return functional_call(model, p, (x.unsqueeze(0), w.unsqueeze(0)))[0, s]

        k = self.samples
        f_s = partial(forecast, s=station)
        hess = vmap(jacrev(jacrev(f_s, argnums=1), argnums=1), in_dims=(None, 0, 0))(
            params, batch["x"][:k], batch["wx"][:k])
        losses["curvature"] = self.weight * hess.pow(2).flatten(1).sum(1).mean()


class UpstreamSensitivityLogger(Callback):
    """Logs d forecast[last station] / d speed[first station] (first order, for monitoring only)."""

    def on_batch_end(self, trainer, step, losses, batch):
        model = trainer.model
        x0, w0 = batch["x"][0].detach(), batch["wx"][0].detach()
        jac = jacrev(lambda x: model(x.unsqueeze(0), w0.unsqueeze(0))[0, -1])(x0)
        trainer.history.append({"step": step, "upstream_sens": jac[0].abs().sum().item(),
                                **{k: float(f"{v.item():.3g}") for k, v in losses.items()}})


class Trainer:
    def __init__(self, model, callbacks, lr):
        self.model, self.callbacks = model, callbacks
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.history = []

    def step(self, step, batch):
        pred = self.model(batch["x"], batch["wx"])
        losses = {"fit": F.smooth_l1_loss(pred, batch["y"], beta=2.0)}
        for cb in self.callbacks:
            cb.on_before_backward(self, losses, batch)
        self.opt.zero_grad()
        sum(losses.values()).backward()
        self.opt.step()
        for cb in self.callbacks:
            cb.on_batch_end(self, step, losses, batch)


def loop_detector_batch(cfg):
    B, S, T = cfg["batch"], cfg["stations"], cfg["bins"]
    base = 100.0 - 40.0 * torch.sigmoid(torch.randn(B, 1, 1) + torch.linspace(-2, 2, T))  # congestion wave
    lag = torch.arange(S).view(1, S, 1) * 0.3
    speeds = (base - 5.0 * lag + torch.randn(B, S, T)) / 100.0
    wx = torch.rand(B, cfg["weather"])
    y = speeds[:, :, -1] - 0.02 * wx[:, :1] + 0.01 * torch.randn(B, S)
    return {"x": speeds, "wx": wx, "y": y}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=DEFAULTS["steps"])
    ap.add_argument("--curvature-weight", type=float, default=DEFAULTS["curvature_weight"])
    args = ap.parse_args()
    cfg = dict(DEFAULTS, steps=args.steps, curvature_weight=args.curvature_weight)
    torch.manual_seed(0)
    model = SpeedForecaster(cfg["stations"], cfg["bins"], cfg["weather"], cfg["hidden"])
    callbacks = [InputCurvatureCallback(cfg["curvature_weight"], cfg["curvature_samples"]),
                 UpstreamSensitivityLogger()]
    trainer = Trainer(model, callbacks, cfg["lr"])
    for step in range(cfg["steps"]):
        trainer.step(step, loop_detector_batch(cfg))
        print(trainer.history[-1])


if __name__ == "__main__":
    main()
