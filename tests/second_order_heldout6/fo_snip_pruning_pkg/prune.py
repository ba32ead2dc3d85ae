"""SNIP (Lee et al. 2019): connection sensitivity |dL/dc| at c = 1, from one plain backward pass."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def snip_masks(model, x, y, keep=0.1):
    layers = [m for m in model.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
    gates = [torch.ones_like(m.weight, requires_grad=True) for m in layers]
    saved = [m.weight.detach().clone() for m in layers]
    for m, g, w in zip(layers, gates, saved):
        del m.weight
        m.weight = w * g
    loss = F.cross_entropy(model(x), y)
    sens = torch.autograd.grad(loss, gates, create_graph=False)
    for m, w in zip(layers, saved):
        m.weight = nn.Parameter(w)
    scores = torch.cat([s.abs().flatten() for s in sens])
    thr = torch.topk(scores, int(keep * scores.numel()))[0][-1]
    return [(s.abs() >= thr).float() for s in sens]
