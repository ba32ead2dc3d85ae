"""Few-shot forecasting of wort specific-gravity curves in a craft brewery.

Each task is one yeast strain (ale, lager, kveik, saison, ...): from the first hours of a fermentation the
model forecasts the gravity drop over the next hours. Second-order MAML adapts the whole curve encoder on
a handful of brews of a strain. The network is wrapped in nn.DataParallel as in the multi-GPU cluster
script, so the meta-learner reaches the real module through `.module`; an EMA copy (copy.deepcopy) of the
unwrapped network is kept for evaluation.
"""
import copy
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

CFG = {
    "prefix_len": 24,          # hourly gravity readings seen by the model
    "horizon": 12,             # hours to forecast
    "channels": [1, 8, 16],
    "shrink": 0.02,
    "inner_lr": 0.05,
    "inner_steps": 2,
    "second_order": True,
    "meta_lr": 1e-3,
    "meta_batch": 3,
    "support": 5,
    "query": 5,
    "iterations": 3,
    "warmup_steps": 2,
    "ema_decay": 0.95,
}


class GravityCurveNet(nn.Module):
    def __init__(self, channels, prefix_len, horizon, shrink):
        super().__init__()
        layers = []
        for cin, cout in zip(channels[:-1], channels[1:]):
            layers += [nn.ReflectionPad1d(1), nn.Conv1d(cin, cout, 3), nn.Softshrink(shrink)]
        self.encoder = nn.Sequential(*layers)
        self.head = nn.Linear(channels[-1] * prefix_len, horizon)

    def forward(self, curve):
        h = self.encoder(curve.unsqueeze(1))
        return curve[:, -1:] - F.softplus(self.head(h.flatten(1))).cumsum(dim=1) * 1e-3


def sample_strain_task(cfg, n):
    """Synthetic attenuation curve: SG(t) = FG - (FG - TG) * (1 - exp(-k t)) with strain-specific k."""
    k = 0.05 + 0.1 * torch.rand(1)
    og = 1.040 + 0.03 * torch.rand(n, 1)
    attenuation = 0.7 + 0.1 * torch.rand(n, 1)
    t = torch.arange(cfg["prefix_len"] + cfg["horizon"]).float()
    fg = og - (og - 1.0) * attenuation
    sg = og - (og - fg) * (1 - torch.exp(-k * t)) + 5e-4 * torch.randn(n, t.numel())
    sg = (sg - 1.0) * 100.0  # in "gravity points / 10"
    return sg[:, : cfg["prefix_len"]], sg[:, cfg["prefix_len"]:]


@torch.no_grad()
def denoise_readings(x, k=3):
    # hydrometer readings are noisy; smooth them before they enter the model
    return F.avg_pool1d(x.unsqueeze(1), k, stride=1, padding=k // 2, count_include_pad=False).squeeze(1)


def unwrap(model):
    return model.module if isinstance(model, nn.DataParallel) else model


def inner_adapt(net, params, xs, ys, cfg, create_graph):
    fast = dict(params)
    for _ in range(cfg["inner_steps"]):
        pred = functional_call(net, fast, (xs,))
        loss = F.huber_loss(pred, ys, delta=0.05)
        grads = torch.autograd.grad(loss, list(fast.values()), create_graph=create_graph)
        fast = {name: w - cfg["inner_lr"] * g for (name, w), g in zip(fast.items(), grads)}
    return fast


def meta_step(model, opt, cfg):
    net = unwrap(model)
    params = dict(net.named_parameters())
    opt.zero_grad()
    meta_loss = 0.0
    for _ in range(cfg["meta_batch"]):
        x, y = sample_strain_task(cfg, cfg["support"] + cfg["query"])
        x = denoise_readings(x)
        xs, ys, xq, yq = x[: cfg["support"]], y[: cfg["support"]], x[cfg["support"]:], y[cfg["support"]:]
        fast = inner_adapt(net, params, xs, ys, cfg, create_graph=cfg["second_order"])
        meta_loss = meta_loss + F.mse_loss(functional_call(net, fast, (xq,)), yq)
    meta_loss = meta_loss / cfg["meta_batch"]
    meta_loss.backward()
    opt.step()
    return meta_loss.item()


def warmup(model, opt, cfg):
    """Plain multi-task regression before meta-training (first order)."""
    for _ in range(cfg["warmup_steps"]):
        x, y = sample_strain_task(cfg, 16)
        loss = F.smooth_l1_loss(model(denoise_readings(x)), y, beta=0.05)
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def ema_update(ema, net, decay):
    for pe, p in zip(ema.parameters(), net.parameters()):
        pe.lerp_(p, 1 - decay)


def evaluate(ema, cfg):
    x, y = sample_strain_task(cfg, cfg["support"] + cfg["query"])
    x = denoise_readings(x)
    with torch.enable_grad():
        fast = inner_adapt(ema, dict(ema.named_parameters()), x[: cfg["support"]], y[: cfg["support"]],
                           cfg, create_graph=False)
    with torch.no_grad():
        return F.mse_loss(functional_call(ema, fast, (x[cfg["support"]:],)), y[cfg["support"]:]).item()


if __name__ == "__main__":
    torch.manual_seed(0)
    net = GravityCurveNet(CFG["channels"], CFG["prefix_len"], CFG["horizon"], CFG["shrink"])
    model = nn.DataParallel(net)
    opt = torch.optim.Adam(model.parameters(), lr=CFG["meta_lr"])
    warmup(model, opt, CFG)
    ema = copy.deepcopy(unwrap(model))
    for it in range(CFG["iterations"]):
        loss = meta_step(model, opt, CFG)
        ema_update(ema, unwrap(model), CFG["ema_decay"])
        print(f"iter {it} meta {loss:.5f} ema-query {evaluate(ema, CFG):.5f} rmse-pts {math.sqrt(loss):.4f}")
