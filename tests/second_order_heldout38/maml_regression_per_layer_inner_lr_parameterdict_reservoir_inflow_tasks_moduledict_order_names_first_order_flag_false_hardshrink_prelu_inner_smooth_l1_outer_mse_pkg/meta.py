import torch
import torch.nn.functional as F
from torch.func import functional_call

import config


def inner_adapt(model, inner_lrs, xs, ys, steps=config.INNER_STEPS):
    fast = dict(model.named_parameters())
    for _ in range(steps):
        pred = functional_call(model, fast, (xs,))
        loss = F.smooth_l1_loss(pred, ys, beta=0.5)
        grads = torch.autograd.grad(loss, list(fast.values()), create_graph=not config.FIRST_ORDER)
        fast = {name: w - inner_lrs[name] * g for (name, w), g in zip(fast.items(), grads)}
    return fast


def query_loss(model, fast, xq, yq):
    return F.mse_loss(functional_call(model, fast, (xq,)), yq)
