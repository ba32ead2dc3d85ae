"""Conditional flow matching for urban-heat-island station pairs (urban minus rural night-time
temperature anomaly, humidity anomaly, wind speed, sky-view factor).

Training is plain regression of the vector field onto x1 - x0 (first order). The divergence of the
learned field is monitored on held-out points, for logging only.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("uhi_flow_matching")


def gradient(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def divergence(field, x):
    return sum(gradient(field[:, i], x)[:, i] for i in range(x.shape[1]))


class TimeConditionedField(nn.Module):
    def __init__(self, dim=4, hidden=64):
        super().__init__()
        self.inp = nn.Linear(dim + 1, hidden)
        self.act = nn.GELU(approximate="tanh")
        self.mid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, dim)

    def forward(self, x, t):
        h = self.act(self.inp(torch.cat([x, t[:, None]], -1)))
        h = F.normalize(self.mid(h), dim=-1) * 4.0
        return self.out(F.selu(h))


def station_pairs(n, gen):
    svf = torch.rand(n, generator=gen)
    wind = 1 + 4 * torch.rand(n, generator=gen)
    dT = 3.0 * (1 - svf) / wind.sqrt() + 0.3 * torch.randn(n, generator=gen)
    dRH = -2.0 * dT + 0.5 * torch.randn(n, generator=gen)
    return torch.stack([dT, dRH, wind, svf], -1)


@torch.no_grad()
def divergence_monitor(field, x, t):
    with torch.enable_grad():
        xg = x.detach().requires_grad_(True)
        v = field(xg, t)
        div = divergence(v, xg)
    return div.detach().abs().mean().item()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=40)
    p.add_argument("--batch", type=int, default=128)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(21)
    data = station_pairs(2048, gen)
    mu, sd = data.mean(0), data.std(0)
    data = (data - mu) / sd
    field = TimeConditionedField()
    opt = torch.optim.AdamW(field.parameters(), lr=1e-3)
    held_out = data[-128:]
    for step in range(args.steps):
        x1 = data[torch.randint(0, data.shape[0] - 128, (args.batch,), generator=gen)]
        x0 = torch.randn(x1.shape, generator=gen)
        t = torch.rand(args.batch, generator=gen)
        xt = (1 - t[:, None]) * x0 + t[:, None] * x1
        loss = F.mse_loss(field(xt, t), x1 - x0)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:
            t_mon = torch.full((held_out.shape[0],), 0.5)
            log.info("step %d fm loss %.4f |div v| %.4f", step, loss.item(), divergence_monitor(field, held_out, t_mon))


if __name__ == "__main__":
    main()
