import torch
import torch.nn.functional as F
from torch.func import functional_call


def inner_loop(model, support, cfg):
    x, y = support
    params = dict(model.named_parameters())
    for _ in range(cfg.inner_steps):
        loss = F.cross_entropy(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=cfg.second_order)
        params = {k: v - cfg.inner_lr * g for (k, v), g in zip(params.items(), grads)}
    return params


def outer_loss(model, params, query):
    x, y = query
    return F.cross_entropy(functional_call(model, params, (x,)), y)
