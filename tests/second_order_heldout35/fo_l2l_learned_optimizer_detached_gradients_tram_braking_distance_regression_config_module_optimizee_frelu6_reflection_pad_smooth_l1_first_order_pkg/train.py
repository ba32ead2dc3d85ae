import torch

import config
from learner import UpdateRule, unrolled_meta_loss
from optimizee import init_params, loss_fn


def braking_task(n=16, length=8):
    decel = 2 + torch.rand(n, 1)
    v0 = 5 + 5 * torch.rand(n, 1)
    t = torch.linspace(0, 1, length)
    speed = (v0 - decel * t).clamp_min(0)
    return speed, v0 ** 2 / (2 * decel) / 10


def main():
    torch.manual_seed(0)
    rule = UpdateRule()
    meta_opt = torch.optim.Adam(rule.parameters(), lr=1e-3)
    for it in range(config.META_ITERS):
        x, y = braking_task()
        params = init_params(x.shape[1], 6)
        meta_loss = unrolled_meta_loss(rule, params, loss_fn, x, y)
        meta_opt.zero_grad()
        meta_loss.backward()
        meta_opt.step()
        print(it, meta_loss.item())


if __name__ == "__main__":
    main()
