"""Transition likelihood and the drift-divergence regulariser."""
import math

import torch


def euler_maruyama_nll(model, x, x_next, dt):
    mean = x + model.drift(x) * dt
    var = (model.diffusion(x) ** 2) * dt
    return 0.5 * (((x_next - mean) ** 2) / var + torch.log(2 * math.pi * var)).sum(-1).mean()


def exact_divergence(drift, x, create_graph):
    x = x.detach().requires_grad_(True)
    f = drift(x)
    div = torch.zeros(x.shape[0])
    for i in range(x.shape[1]):
        div = div + torch.autograd.grad(f[:, i].sum(), x, retain_graph=True, create_graph=create_graph)[0][:, i]
    return div


def divergence_penalty(model, x, cfg):
    div = exact_divergence(model.drift, x, create_graph=cfg.exact_divergence)
    return (div ** 2).mean(), div.detach().mean()
