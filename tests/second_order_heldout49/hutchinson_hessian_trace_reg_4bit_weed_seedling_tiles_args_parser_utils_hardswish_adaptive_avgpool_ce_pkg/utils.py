"""Helpers: seeding, Rademacher probes, Hutchinson trace, fake quantisation, augmentation, meters."""
import copy
import random

import torch
import torch.nn.functional as F


def seed_everything(seed):
    random.seed(seed)
    torch.manual_seed(seed)


def rademacher_like(tensors):
    return [torch.randint_like(t, 2) * 2.0 - 1.0 for t in tensors]


def hutchinson_trace(loss, params, n_samples=1):
    """E_v[v^T H v] with Rademacher v; differentiable (create_graph) so it can be used as a regulariser."""
    grads = torch.autograd.grad(loss, params, create_graph=True)
    est = loss.new_zeros(())
    for _ in range(n_samples):
        vs = rademacher_like(params)
        gv = sum((g * v).sum() for g, v in zip(grads, vs))
        hvs = torch.autograd.grad(gv, params, create_graph=True)
        est = est + sum((hv * v).sum() for hv, v in zip(hvs, vs))
    return est / n_samples


@torch.no_grad()
def fake_quantized_copy(model, bits):
    """Symmetric per-tensor weight quantisation of a copy of `model` (validation only)."""
    q = copy.deepcopy(model)
    levels = 2 ** (bits - 1) - 1
    for name, p in q.named_parameters():
        if p.dim() > 1:
            scale = p.abs().max().clamp_min(1e-8) / levels
            p.copy_(torch.round(p / scale).clamp(-levels, levels) * scale)
    return q


@torch.no_grad()
def rescale_augment(x, scale=1.25):
    """Zoom in on the centre of each tile and resample back to the tile size."""
    n, c, h, w = x.shape
    big = F.interpolate(x, scale_factor=scale, mode="bilinear", align_corners=False)
    top, left = (big.shape[-2] - h) // 2, (big.shape[-1] - w) // 2
    return big[..., top:top + h, left:left + w]


class AverageMeter:
    def __init__(self):
        self.total, self.count = 0.0, 0

    def update(self, value, n=1):
        self.total += float(value) * n
        self.count += n

    @property
    def avg(self):
        return self.total / max(self.count, 1)
