"""R1 gradient penalty on real swatches."""
import torch


def r1_penalty(D, real, dye):
    real = real.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(D(real, dye).sum(), real, create_graph=True)
    return g.square().sum(dim=[1, 2]).mean()


def should_regularize(step, cfg):
    return step >= cfg.reg_start_step and step % cfg.d_reg_every == 0
