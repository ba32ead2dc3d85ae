import logging

import torch
import torch.nn.functional as F

from augment import pipeline
from config import CFG
from models import EndGrainNet

log = logging.getLogger("pallet")


def end_grain_batch(cfg):
    y = torch.randint(0, cfg.classes, (cfg.batch,))
    r = torch.linspace(-1, 1, cfg.res)
    rings = torch.cos((r.view(1, -1, 1) ** 2 + r.view(1, 1, -1) ** 2).sqrt() * (6 + 3 * y.view(-1, 1, 1)))
    img = torch.stack([0.6 + 0.2 * rings, 0.45 + 0.15 * rings, 0.3 + 0.1 * rings], 1)
    return (img + 0.03 * torch.randn_like(img)).clamp(0, 1), y


def pgd(model, x, y, cfg):
    delta = torch.zeros_like(x).uniform_(-cfg.pgd_eps, cfg.pgd_eps).requires_grad_(True)
    for _ in range(cfg.pgd_steps):
        loss = F.nll_loss(model((x + delta).clamp(0, 1)), y)
        (g,) = torch.autograd.grad(loss, delta)
        with torch.no_grad():
            delta += cfg.pgd_alpha * g.sign()
            delta.clamp_(-cfg.pgd_eps, cfg.pgd_eps)
    return (x + delta.detach()).clamp(0, 1)


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    model, aug = EndGrainNet(CFG.classes), pipeline(CFG)
    opt = torch.optim.Adam(model.parameters(), CFG.lr)
    for epoch in range(CFG.epochs):
        for _ in range(CFG.steps_per_epoch):
            x, y = end_grain_batch(CFG)
            x = aug(x)
            x_adv = pgd(model, x, y, CFG)
            if CFG.input_grad_reg > 0:
                x_adv.requires_grad_(True)
            loss = F.nll_loss(model(x_adv), y)
            if CFG.input_grad_reg > 0:
                (gx,) = torch.autograd.grad(loss, x_adv, create_graph=True)
                loss = loss + CFG.input_grad_reg * gx.pow(2).sum() / x.size(0)
            opt.zero_grad()
            loss.backward()
            opt.step()
        log.info("epoch %d adv nll %.4f", epoch, loss.item())


if __name__ == "__main__":
    main()
