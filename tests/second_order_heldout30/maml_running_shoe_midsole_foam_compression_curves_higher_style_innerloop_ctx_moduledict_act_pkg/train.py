"""MAML over midsole foams: adapt to a new foam from 8 compression measurements."""
import torch
import torch.nn as nn

from config import CONFIG
from meta import innerloop_ctx
from models import CompressionCurveNet


def foam_task(cfg, gen):
    stiffness = 0.5 + torch.rand(1, generator=gen)
    exponent = 2.0 + 2.0 * torch.rand(1, generator=gen)
    hysteresis = 0.2 * torch.rand(1, generator=gen)

    def sample(n):
        strain = torch.rand(n, generator=gen) * 0.6
        cycle = torch.rand(n, generator=gen)
        stress = stiffness * (torch.exp(exponent * strain) - 1.0) * (1.0 - hysteresis * cycle)
        return torch.stack([strain, cycle], dim=-1), stress + 0.02 * torch.randn(n, generator=gen)

    return sample(cfg.n_support), sample(cfg.n_query)


def main(cfg=CONFIG):
    gen = torch.Generator().manual_seed(23)
    torch.manual_seed(23)
    model = CompressionCurveNet.from_config(cfg)
    criterion = nn.SmoothL1Loss(beta=cfg.huber_beta)
    meta_opt = torch.optim.Adam(model.parameters(), lr=cfg.meta_lr)
    for step in range(cfg.meta_steps):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(cfg.meta_batch):
            (xs, ys), (xq, yq) = foam_task(cfg, gen)
            with innerloop_ctx(model, lr=cfg.inner_lr, track_higher_grads=not cfg.first_order) as (fmodel, diffopt):
                for _ in range(cfg.inner_steps):
                    diffopt.step(criterion(fmodel(xs), ys))
                q_loss = criterion(fmodel(xq), yq) / cfg.meta_batch
                q_loss.backward()
            total += q_loss.item()
        meta_opt.step()
        print(f"meta step {step}: query loss {total:.4f}")


if __name__ == "__main__":
    main()
