"""Forecasting the SO2/H2S ratio of a fumarole field from Multi-GAS station windows.

A rise of the ratio precedes phreatic activity, so the observatory trains a small 1-D CNN on
30-minute windows (SO2, H2S, CO2, H2O, wind speed).  The run configuration is a YAML document with
named experiment variants merged over a base section; the observatory's cron job always runs the
``baseline`` variant.  An input-gradient smoothness regulariser is implemented (variant ``smooth``)
but the baseline keeps it at weight 0; an input-saliency summary is logged for the duty volcanologist.
"""
import argparse
import copy
import logging
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml

log = logging.getLogger("fumarole")

RUN_YAML = """
# multigas_ratio.yaml
base:
  data:
    station: FUM-3
    archive: /tmp/multigas_archive       # read by the production loader only
    channels: [so2, h2s, co2, h2o, wind]
    window: 60                           # 30 s samples -> 30 min
    horizon: 12
    batch_size: 32
  model:
    width: 24
    groups: 4
    prelu_init: 0.2
  loss:
    kind: smooth_l1
    beta: 0.05
  reg:
    input_grad_weight: 0.0               # smoothness term off in production
    saliency_every: 1                    # log |d yhat / d x| per channel
  optim:
    lr: 3.0e-3
    steps: 5
    seed: 3
experiments:
  baseline: {}
  smooth:
    reg:
      input_grad_weight: 0.5
  wide:
    model:
      width: 48
"""


def deep_merge(base, override):
    out = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def to_namespace(d):
    if isinstance(d, dict):
        return SimpleNamespace(**{k: to_namespace(v) for k, v in d.items()})
    return d


def load_run(experiment):
    doc = yaml.safe_load(RUN_YAML)
    merged = deep_merge(doc["base"], doc["experiments"][experiment])
    return to_namespace(merged)


class RatioForecaster(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        c, w = len(cfg.data.channels), cfg.model.width
        self.conv1 = nn.Conv1d(c, w, 5, padding=2)
        self.norm1 = nn.GroupNorm(cfg.model.groups, w)
        self.act1 = nn.PReLU(w, init=cfg.model.prelu_init)
        self.conv2 = nn.Conv1d(w, w, 5, padding=2, dilation=1)
        self.norm2 = nn.GroupNorm(cfg.model.groups, w)
        self.act2 = nn.PReLU(w, init=cfg.model.prelu_init)
        self.head = nn.Linear(w, 1)

    def forward(self, x):
        h = self.act1(self.norm1(self.conv1(x)))
        h = self.act2(self.norm2(self.conv2(h)))
        return self.head(h.mean(-1)).squeeze(-1)


def synthetic_windows(cfg, gen):
    n, L = cfg.data.batch_size, cfg.data.window
    c = len(cfg.data.channels)
    t = torch.linspace(0, 1, L)
    trend = torch.randn(n, 1, generator=gen)
    x = 0.3 * torch.randn(n, c, L, generator=gen)
    x[:, 0] += trend * t           # SO2 ramps up before an event
    x[:, 1] -= 0.5 * trend * t     # H2S scrubbed by the hydrothermal system
    y = 1.5 * trend.squeeze(1) + 0.1 * torch.randn(n, generator=gen)
    return x, y


def input_saliency(model, x):
    """|d yhat / d x| averaged over time, per gas channel; for the duty log only."""
    x = x.clone().requires_grad_(True)
    (g,) = torch.autograd.grad(model(x).sum(), x, create_graph=False)
    return g.abs().mean(dim=(0, 2))


def train(cfg):
    torch.manual_seed(cfg.optim.seed)
    gen = torch.Generator().manual_seed(cfg.optim.seed)
    model = RatioForecaster(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.optim.lr)
    log.info("width=%d input_grad_weight=%.2f", cfg.model.width, cfg.reg.input_grad_weight)
    for step in range(cfg.optim.steps):
        x, y = synthetic_windows(cfg, gen)
        x.requires_grad_(cfg.reg.input_grad_weight > 0)
        pred = model(x)
        loss = F.smooth_l1_loss(pred, y, beta=cfg.loss.beta)
        if cfg.reg.input_grad_weight > 0:
            (gx,) = torch.autograd.grad(pred.sum(), x, create_graph=True)
            smooth = (gx[..., 1:] - gx[..., :-1]).pow(2).mean()
            loss = loss + cfg.reg.input_grad_weight * smooth
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % cfg.reg.saliency_every == 0:
            sal = input_saliency(model, x.detach())
            named = ", ".join(f"{n}={v:.3f}" for n, v in zip(cfg.data.channels, sal.tolist()))
            log.info("step %d loss %.4f saliency [%s]", step, loss.item(), named)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--experiment", default="baseline", choices=["baseline", "smooth", "wide"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    train(load_run(args.experiment))


if __name__ == "__main__":
    main()
