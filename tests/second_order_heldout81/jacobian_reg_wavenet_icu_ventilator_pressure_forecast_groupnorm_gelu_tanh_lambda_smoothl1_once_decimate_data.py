"""Short-horizon airway-pressure forecasting for ICU ventilator waveforms.

WaveNet-style stack of gated (tanh * sigmoid) dilated causal convolutions with skip connections. Robustness to
sensor jitter is encouraged with a random-projection Jacobian regulariser (Hoffman et al., 2019):
    R(x) = E_v || v^T dF(x)/dx ||^2,  computed with autograd.grad(..., create_graph=True).
"""
import argparse
import logging
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger("vent_forecast")


@dataclass
class Config:
    channels: int = 16
    skip_channels: int = 16
    dilations: tuple = (1, 2, 4, 8)
    norm_groups: int = 4
    head_act: str = "gelu_tanh"
    horizon: int = 8
    context: int = 64
    raw_rate_hz: int = 100
    decimate: int = 4
    jac_weight: float = 0.05
    jac_projections: int = 1
    lr: float = 1e-3
    steps: int = 5
    batch: int = 8


HEAD_ACTS = {
    "relu": nn.ReLU,
    "gelu_tanh": lambda: nn.GELU(approximate="tanh"),
    "hardswish": nn.Hardswish,
}


class CausalConv1d(nn.Conv1d):
    def __init__(self, cin, cout, kernel_size, dilation=1):
        super().__init__(cin, cout, kernel_size, dilation=dilation)
        self.left_pad = (kernel_size - 1) * dilation

    def forward(self, x):
        return super().forward(F.pad(x, (self.left_pad, 0)))


class GatedResidualBlock(nn.Module):
    def __init__(self, ch, skip_ch, dilation, groups):
        super().__init__()
        self.filter_gate = CausalConv1d(ch, 2 * ch, 2, dilation)
        self.norm = nn.GroupNorm(groups, ch)
        self.res_proj = nn.Conv1d(ch, ch, 1)
        self.skip_proj = nn.Conv1d(ch, skip_ch, 1)

    def forward(self, x):
        f, g = self.filter_gate(x).chunk(2, dim=1)
        z = torch.tanh(f) * torch.sigmoid(g)
        z = self.norm(z)
        return (x + self.res_proj(z)) * math.sqrt(0.5), self.skip_proj(z)


class WaveNetForecaster(nn.Module):
    def __init__(self, cfg: Config, in_ch=2):
        super().__init__()
        self.inp = CausalConv1d(in_ch, cfg.channels, 2)
        self.blocks = nn.ModuleList(
            [GatedResidualBlock(cfg.channels, cfg.skip_channels, d, cfg.norm_groups) for d in cfg.dilations]
        )
        act = HEAD_ACTS[cfg.head_act]()
        self.head = nn.Sequential(nn.ReLU(), nn.Conv1d(cfg.skip_channels, cfg.skip_channels, 1), act,
                                  nn.Conv1d(cfg.skip_channels, cfg.horizon, 1))

    def forward(self, x):  # x: (B, 2, T) pressure + flow
        h = self.inp(x)
        skips = 0
        for block in self.blocks:
            h, s = block(h)
            skips = skips + s
        return self.head(skips)[:, :, -1]  # (B, horizon) future pressure


# ---------------------------------------------------------------------------------------------------------
# data: raw 100 Hz pressure/flow traces -> decimated, normalised windows (no gradients here)
# ---------------------------------------------------------------------------------------------------------
class VentilatorWindows:
    def __init__(self, cfg: Config, seed=0):
        self.cfg = cfg
        self.gen = torch.Generator().manual_seed(seed)
        self.decimate = nn.AvgPool1d(cfg.decimate)

    def _raw_breaths(self, n, length):
        t = torch.arange(length) / self.cfg.raw_rate_hz
        rr = 0.25 + 0.1 * torch.rand(n, 1, generator=self.gen)  # breaths per second
        peep = 5 + 3 * torch.rand(n, 1, generator=self.gen)
        phase = (t * rr) % 1.0
        pressure = peep + 15 * torch.sigmoid(40 * (0.35 - phase)) * (1 - torch.exp(-20 * phase))
        flow = torch.gradient(pressure, dim=1)[0] * 30 + 0.3 * torch.randn(n, length, generator=self.gen)
        return torch.stack([pressure, flow], 1)

    def batch(self):
        cfg = self.cfg
        raw = self._raw_breaths(cfg.batch, (cfg.context + cfg.horizon) * cfg.decimate)
        with torch.no_grad():
            sig = self.decimate(raw)
            med = sig.median(dim=2, keepdim=True).values
            iqr = sig.quantile(0.75, dim=2, keepdim=True) - sig.quantile(0.25, dim=2, keepdim=True)
            sig = (sig - med) / (iqr + 1e-3)
        return sig[:, :, : cfg.context], sig[:, 0, cfg.context:]


def jacobian_penalty(model, x, n_proj):
    x = x.detach().requires_grad_(True)
    y = model(x)
    pen = x.new_zeros(())
    for _ in range(n_proj):
        v = torch.randn_like(y)
        v = v / v.norm(dim=1, keepdim=True)
        (jv,) = torch.autograd.grad(y, x, grad_outputs=v, create_graph=True)
        pen = pen + jv.pow(2).sum() / x.size(0)
    return pen / n_proj, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=Config.steps)
    ap.add_argument("--jac-weight", type=float, default=Config.jac_weight)
    cfg = Config(**{k: v for k, v in vars(ap.parse_args()).items()})
    logging.basicConfig(level=logging.INFO, format="%(name)s | %(message)s")
    torch.manual_seed(0)

    data = VentilatorWindows(cfg)
    model = WaveNetForecaster(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x, target = data.batch()
        jac, pred = jacobian_penalty(model, x, cfg.jac_projections)
        task = F.smooth_l1_loss(pred, target, beta=0.5)
        loss = task + cfg.jac_weight * jac
        opt.zero_grad()
        loss.backward()
        assert model.blocks[0].norm.weight.grad is not None
        opt.step()
        logger.info("step %d task %.4f jac %.4f", step, task.item(), jac.item())


if __name__ == "__main__":
    main()
