"""PINN for heat conduction in an ice-cream carton inside a blast-hardening tunnel (1-D, -35 C air)."""
import logging

import torch

from config import PinnConfig
from model import HeatPINN
from trainer import Trainer


def sample_batches(cfg, gen):
    colloc = torch.rand(cfg.n_colloc, 2, generator=gen)
    t0 = torch.rand(cfg.n_bc, generator=gen)
    xb = torch.randint(0, 2, (cfg.n_bc,), generator=gen).float()
    x0 = torch.rand(cfg.n_bc, generator=gen)
    bc_xt = torch.cat([torch.stack([xb, t0], 1), torch.stack([x0, torch.zeros_like(x0)], 1)])
    bc_u = torch.cat([torch.full((cfg.n_bc, 1), -1.0), torch.full((cfg.n_bc, 1), 0.2)])
    return colloc, bc_xt, bc_u


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    cfg = PinnConfig()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(3)
    model = HeatPINN(cfg)
    trainer = Trainer(model, cfg)
    for step in range(cfg.steps):
        pde, bc = trainer.step(*sample_batches(cfg, gen))
        logging.info("step %d  pde %.5f  bc %.4f  acts %s", step, pde, bc,
                     {k: round(v, 3) for k, v in trainer.act_stats.items()})
    assert model.trunk[0].weight.grad is not None and model.trunk[0].weight.grad.abs().sum() > 0
    logging.info("EMA core temperature: %s", trainer.core_temperature(torch.linspace(0, 1, 5)).tolist())
    trainer.close()


if __name__ == "__main__":
    main()
