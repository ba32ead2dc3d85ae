"""`cd <pkg> && python train.py [--settings settings.ini]`"""
import argparse
import logging

import torch
from torch.func import functional_call

from meta import adapt, outer_loss
from model import KilnRegressor
from settings import load_settings

log = logging.getLogger("hop_kiln")


def sample_load(s, gen):
    """One kiln load: variety-specific drying rate; end moisture from the integrated drying power."""
    rate = 0.5 + torch.rand(1, generator=gen)

    def draw(n):
        L = s.data.profile_len
        temp = 0.55 + 0.1 * torch.rand(n, 1, 1, generator=gen) + 0.02 * torch.randn(n, 1, L, generator=gen)
        rh = 0.35 + 0.15 * torch.rand(n, 1, 1, generator=gen) * torch.linspace(1, 0.3, L)
        x = torch.cat([temp, rh], dim=1)
        power = (temp * (1 - rh)).mean(dim=(1, 2))
        y = 80.0 * torch.exp(-rate * 6.0 * power)          # % moisture left in the cones
        return x, y
    return draw(s.data.shots), draw(s.data.queries)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--settings", default=None, help="INI file (default: settings.ini next to this script)")
    args = ap.parse_args()
    s = load_settings(args.settings)
    logging.basicConfig(level=s.logging.level, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = KilnRegressor(s)
    log.info("act=%s pool=%s first_order=%s inner=%s", model.act1, model.pool, s.meta.first_order, s.loss.inner)
    opt = torch.optim.Adam(model.parameters(), lr=s.meta.outer_lr)
    for it in range(s.meta.iterations):
        opt.zero_grad()
        total = 0.0
        for _ in range(s.meta.tasks_per_batch):
            support, (xq, yq) = sample_load(s, gen)
            fast = adapt(model, s, support)
            loss = outer_loss(s, functional_call(model, fast, (xq,)), yq) / s.meta.tasks_per_batch
            loss.backward()
            total += loss.item()
        opt.step()
        if it % s.logging.interval == 0:
            log.info("iter %d query mse %.3f |g conv1| %.3e", it, total, model.conv1.weight.grad.norm().item())


if __name__ == "__main__":
    main()
