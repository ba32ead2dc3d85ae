"""Train the depot model with a gradient penalty on the token embeddings (smooth response to session features)."""
import logging

import torch
import torch.nn.functional as F

from config import cfg
from model import DepotChargingModel

log = logging.getLogger("depot")


def fake_sessions(gen):
    charger = torch.randint(0, cfg.n_chargers, (cfg.batch, 1), generator=gen).expand(-1, cfg.seq_len)
    bus = torch.randint(0, cfg.n_buses, (cfg.batch, cfg.seq_len), generator=gen)
    cont = torch.randn(cfg.batch, cfg.seq_len, cfg.n_cont, generator=gen)
    kwh = 120 * torch.sigmoid(-cont[:, -1, 1]) + 5 * cont[:, -1, 2] + torch.randn(cfg.batch, generator=gen)
    return charger, bus, cont, kwh / 100.0


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    model = DepotChargingModel(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=1e-4)
    for step in range(cfg.steps):
        charger, bus, cont, target = fake_sessions(gen)
        emb = model.embed(charger, bus, cont)
        pred = model.encode(emb)
        fit = F.smooth_l1_loss(pred, target, beta=0.1)
        (g_emb,) = torch.autograd.grad(fit, emb, create_graph=True)
        penalty = g_emb.pow(2).sum(dim=(1, 2)).mean()
        loss = fit + cfg.emb_grad_penalty * penalty
        opt.zero_grad()
        loss.backward()
        assert penalty.requires_grad and model.blocks[0].ff.act.weight.grad is not None
        opt.step()
        log.info("step %d fit %.4f penalty %.5f", step, fit.item(), penalty.item())


if __name__ == "__main__":
    main()
