"""Few-shot lacrosse shot-type recognition (overhand / sidearm / underhand / behind-the-back) from a
stick-mounted IMU; each player is one task. Settings resolve through a ChainMap:
command line > site profile > library defaults. The coaching tablets run the ``edge`` profile.
"""
import argparse
import logging
from collections import ChainMap

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("lacrosse.meta")

DEFAULTS = {
    "second_order": True,
    "inner_lr": 0.1,
    "inner_steps": 2,
    "ways": 4,
    "shots": 3,
    "queries": 5,
    "meta_lr": 1e-3,
    "channels": 16,
}

SITE_PROFILES = {
    "cluster": {},
    "edge": {"second_order": False, "channels": 8},
}


class ShotNet(nn.Module):
    def __init__(self, channels, ways):
        super().__init__()
        self.conv = nn.Conv1d(6, channels, 7, padding=3)
        self.act = nn.ReLU6()
        self.fc = nn.Linear(channels, ways)

    def forward(self, x, params=None):
        if params is None:
            params = dict(self.named_parameters())
        h = F.conv1d(x, params["conv.weight"], params["conv.bias"], padding=3)
        h = self.act(h).mean(-1)
        return F.log_softmax(F.linear(h, params["fc.weight"], params["fc.bias"]), dim=-1)


def player_task(cfg, gen, length=48):
    protos = torch.randn(cfg["ways"], 6, 1, generator=gen)
    t = torch.linspace(0, 1, length)

    def draw(k):
        y = torch.arange(cfg["ways"]).repeat_interleave(k)
        x = protos[y] * torch.sin(6.28 * (1 + y[:, None, None]) * t) + 0.2 * torch.randn(len(y), 6, length, generator=gen)
        return x, y
    return draw(cfg["shots"]), draw(cfg["queries"])


def inner_adapt(net, support, cfg):
    xs, ys = support
    params = dict(net.named_parameters())
    for _ in range(cfg["inner_steps"]):
        loss = F.nll_loss(net(xs, params), ys)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=cfg["second_order"])
        if not cfg["second_order"]:
            grads = [g.detach() for g in grads]
        params = {k: p - cfg["inner_lr"] * g for (k, p), g in zip(params.items(), grads)}
    return params


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", default="edge", choices=sorted(SITE_PROFILES))
    ap.add_argument("--inner-lr", type=float, default=None)
    ap.add_argument("--iters", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cli = {k: v for k, v in {"inner_lr": args.inner_lr}.items() if v is not None}
    cfg = ChainMap(cli, SITE_PROFILES[args.site], DEFAULTS)
    log.info("second_order=%s channels=%d", cfg["second_order"], cfg["channels"])
    gen = torch.Generator().manual_seed(8)
    net = ShotNet(cfg["channels"], cfg["ways"])
    opt = torch.optim.Adam(net.parameters(), lr=cfg["meta_lr"])
    for it in range(args.iters):
        support, (xq, yq) = player_task(cfg, gen)
        fast = inner_adapt(net, support, cfg)
        query_loss = F.nll_loss(net(xq, fast), yq)
        opt.zero_grad()
        query_loss.backward()
        opt.step()
        acc = (net(xq, fast).argmax(-1) == yq).float().mean()
        log.info("iter %d query nll %.4f acc %.2f", it, query_loss.item(), acc.item())


if __name__ == "__main__":
    main()
