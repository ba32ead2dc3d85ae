"""Helpers for the barnacle few-shot notebook: episode sampler, inner loop, metrics."""
import math

import torch
import torch.nn.functional as F
from torch.func import functional_call

SPECIES = ["Amphibalanus", "Semibalanus", "Austrominius", "Balanus", "Chthamalus", "Verruca", "Elminius", "Tetraclita"]


def plate_patch(species_id, harbour_seed, res=16):
    g = torch.Generator().manual_seed(int(harbour_seed * 1000 + species_id * 7 + torch.randint(0, 10_000, (1,)).item()))
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, res), torch.linspace(-1, 1, res), indexing="ij")
    r = torch.sqrt(xx ** 2 + yy ** 2)
    n_plates = 4 + species_id % 4
    ang = torch.atan2(yy, xx)
    shell = (torch.cos(n_plates * ang) * 0.5 + 0.5) * torch.exp(-(r / (0.4 + 0.05 * species_id)) ** 2)
    tint = torch.tensor([0.6 + 0.05 * (species_id % 3), 0.55, 0.5 - 0.04 * (species_id % 5)]).view(3, 1, 1)
    img = tint * shell + 0.08 * torch.randn(3, res, res, generator=g) + 0.1 * harbour_seed
    return img


def make_episode(n_way, k_shot, k_query, harbour_seed):
    classes = torch.randperm(len(SPECIES))[:n_way]
    xs, ys, xq, yq = [], [], [], []
    for lbl, c in enumerate(classes.tolist()):
        for _ in range(k_shot):
            xs.append(plate_patch(c, harbour_seed)); ys.append(lbl)
        for _ in range(k_query):
            xq.append(plate_patch(c, harbour_seed)); yq.append(lbl)
    return torch.stack(xs), torch.tensor(ys), torch.stack(xq), torch.tensor(yq)


def task_loss(logits, y):
    return F.cross_entropy(logits, y)


def inner_adapt(model, x, y, steps, lr, first_order=True):
    params = dict(model.named_parameters())
    for _ in range(steps):
        loss = task_loss(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=not first_order)
        params = {k: w - lr * g for (k, w), g in zip(params.items(), grads)}
    return params


@torch.no_grad()
def accuracy(logits, y):
    return (logits.argmax(-1) == y).float().mean().item()
