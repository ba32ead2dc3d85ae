"""R1 through torch.func.vjp, and balanced consistency regularisation (bCR)."""
import math

import torch
import torch.nn.functional as F
from torch.func import vjp


def r1_penalty(D, real):
    logits, pullback = vjp(D, real.detach())
    (grad_x,) = pullback(torch.ones_like(logits))
    return grad_x.pow(2).flatten(1).sum(dim=1).mean()


@torch.no_grad()
def ring_augment(x, max_deg=20.0):
    """Random small rotation (rings are roughly concentric), bilinear resampling."""
    ang = (torch.rand(x.shape[0]) * 2 - 1) * math.radians(max_deg)
    theta = torch.stack([torch.stack([ang.cos(), -ang.sin(), torch.zeros_like(ang)], 1),
                         torch.stack([ang.sin(), ang.cos(), torch.zeros_like(ang)], 1)], 1)
    grid = F.affine_grid(theta, x.shape, align_corners=False)
    return F.grid_sample(x, grid, padding_mode="border", align_corners=False)


def bcr_term(D, real, fake):
    return (D(real) - D(ring_augment(real))).pow(2).mean() + (D(fake) - D(ring_augment(fake))).pow(2).mean()
