"""Train with DP-SGD on synthetic spray-arm recordings (rotation tone + blockage knocks)."""
import logging
import math

import torch

from config import cfg
from model import SprayArmNet
from privacy import make_per_sample_grad, per_sample_curvature, privatise

log = logging.getLogger("sprayarm_dp")


def synth_recordings(n, generator, length=256):
    t = torch.linspace(0, 1, length)
    y = torch.randint(0, len(cfg.classes), (n,), generator=generator)
    rpm = torch.where(y == 2, torch.zeros(n), 40 + 10 * torch.rand(n, generator=generator))
    x = torch.sin(2 * math.pi * rpm.unsqueeze(1) * t)
    knocks = (torch.rand(n, length, generator=generator) < 0.02).float() * (y == 1).float().unsqueeze(1)
    x = x + 2.0 * knocks + 0.2 * torch.randn(n, length, generator=generator)
    return x.unsqueeze(1), y


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(29)
    model = SprayArmNet(len(cfg.classes), cfg.channels)
    per_sample_grad = make_per_sample_grad(model)
    names = [n for n, _ in model.named_parameters()]
    log.info("trainable tensors: %s", names)
    for step in range(cfg.steps):
        x, y = synth_recordings(cfg.batch, gen)
        params = {k: v.detach() for k, v in model.named_parameters()}
        buffers = {k: v.detach() for k, v in model.named_buffers()}
        ps = per_sample_grad(params, buffers, x, y)
        noisy = privatise(ps, cfg.max_grad_norm, cfg.noise_multiplier, cfg.batch, generator=gen)
        with torch.no_grad():
            for name, p in model.named_parameters():
                p -= cfg.lr * noisy[name]
            loss = torch.nn.functional.nll_loss(model(x), y)
        if cfg.curvature_diagnostics:
            hv = per_sample_curvature(model, dict(model.named_parameters()), x, y)
            log.info("curvature along grad: %.4e", sum(h.sum() for h in hv).item())
        log.info("step %d nll %.4f", step, loss.item())


if __name__ == "__main__":
    main()
