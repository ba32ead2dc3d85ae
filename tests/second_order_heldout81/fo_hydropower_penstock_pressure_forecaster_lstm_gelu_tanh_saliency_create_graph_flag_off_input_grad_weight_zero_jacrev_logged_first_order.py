"""Water-hammer-aware pressure forecaster for a hydropower penstock (LSTM encoder + GELU head).

Input-gradient tooling copied from the double-backprop recipe: a saliency map per sensor channel
(`create_graph` comes from the config, off here) and an optional input-gradient penalty whose weight is 0.0
for this run. A torch.func Jacobian of one window is computed for the report only.
"""
import argparse
import logging
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import jacrev

log = logging.getLogger("penstock")

CFG = SimpleNamespace(
    n_sensors=3, hidden=24, horizon=6, window=48, batch=16, steps=4, lr=2e-3,
    saliency_create_graph=False, input_grad_weight=0.0, report_every=2,
)


class PenstockForecaster(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.encoder = nn.LSTM(cfg.n_sensors, cfg.hidden, num_layers=2, batch_first=True, dropout=0.0)
        self.head = nn.Sequential(nn.Linear(cfg.hidden, cfg.hidden), nn.GELU(approximate="tanh"),
                                  nn.Linear(cfg.hidden, cfg.horizon))
        self.norm = nn.LayerNorm(cfg.hidden)

    def forward(self, x):  # (B, T, sensors)
        h, _ = self.encoder(x)
        return self.head(self.norm(h[:, -1]))


def synth_penstock(cfg, gen):
    """Gate manoeuvres produce damped water-hammer oscillations on top of the static head."""
    t = torch.arange(cfg.window + cfg.horizon).float()
    t_close = torch.randint(10, cfg.window, (cfg.batch, 1), generator=gen).float()
    period = 6 + 4 * torch.rand(cfg.batch, 1, generator=gen)
    step = (t > t_close).float()
    surge = step * torch.exp(-(t - t_close).clamp(min=0) / 15) * torch.sin(6.283 * (t - t_close) / period)
    upstream = 1.0 + 0.4 * surge + 0.02 * torch.randn(cfg.batch, t.numel(), generator=gen)
    downstream = 0.8 - 0.3 * surge + 0.02 * torch.randn(cfg.batch, t.numel(), generator=gen)
    gate = 1.0 - step
    series = torch.stack([upstream, downstream, gate], -1)
    return series[:, : cfg.window], series[:, cfg.window :, 0]


def input_saliency(model, x, create_graph):
    x = x.clone().requires_grad_(True)
    pred = model(x)
    (g,) = torch.autograd.grad(pred[:, 0].sum(), x, create_graph=create_graph)
    return g


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CFG.steps)
    CFG.steps = ap.parse_args().steps
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)

    model = PenstockForecaster(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=CFG.lr)
    for step in range(CFG.steps):
        x, y = synth_penstock(CFG, gen)
        pred = model(x)
        loss = F.huber_loss(pred, y, delta=0.1)
        sal = input_saliency(model, x, CFG.saliency_create_graph)
        if CFG.input_grad_weight > 0:
            loss = loss + CFG.input_grad_weight * sal.pow(2).sum(dim=(1, 2)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        per_sensor = sal.detach().abs().mean(dim=(0, 1))
        log.info("step %d huber %.4f saliency up/down/gate %s", step, loss.item(),
                 [round(v, 4) for v in per_sensor.tolist()])
        if step % CFG.report_every == 0:
            jac = jacrev(lambda w: model(w.unsqueeze(0)).squeeze(0))(x[0].detach())
            log.info("  jacobian |d yhat / d x| last-10-steps share %.3f",
                     (jac[:, -10:].abs().sum() / jac.abs().sum()).item())


if __name__ == "__main__":
    main()
