from collections import OrderedDict

import torch
import torch.nn.functional as F
from torch.func import functional_call


def reconstruction_loss(pred, target, kind):
    if kind == "smooth_l1":
        return F.smooth_l1_loss(pred, target, beta=0.1)
    if kind == "l1":
        return F.l1_loss(pred, target)
    return F.mse_loss(pred, target)


def adapt_to_speaker(model, support_x, support_y, cfg):
    params = OrderedDict(model.named_parameters())
    for _ in range(cfg.inner_steps):
        pred = functional_call(model, params, (support_x,))
        loss = reconstruction_loss(pred, support_y, cfg.inner_loss)
        grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=not cfg.first_order)
        params = OrderedDict((k, w - cfg.inner_lr * g) for (k, w), g in zip(params.items(), grads))
    return params


def query_loss(model, fast_params, query_x, query_y, cfg):
    pred = functional_call(model, fast_params, (query_x,))
    spectral_flux = (pred.diff(dim=-1) - query_y.diff(dim=-1)).abs().mean()
    return reconstruction_loss(pred, query_y, cfg.outer_loss) + 0.1 * spectral_flux
