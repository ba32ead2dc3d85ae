import torch
from torch.func import functional_call


def weighted_inner_loss(model, params, weighter, x, y, use_weights):
    err = (functional_call(model, params, (x,)) - y).pow(2)
    if use_weights:
        return (weighter(x, y) * err).mean()
    return err.mean()


def adapt(model, weighter, x_s, y_s, meta_cfg):
    params = dict(model.named_parameters())
    for _ in range(meta_cfg.inner_steps):
        loss = weighted_inner_loss(model, params, weighter, x_s, y_s, meta_cfg.learn_point_weights)
        grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=meta_cfg.second_order)
        params = {n: p - meta_cfg.inner_lr * g for (n, p), g in zip(params.items(), grads)}
    return params


def query_loss(model, params, x_q, y_q):
    return (functional_call(model, params, (x_q,)) - y_q).abs().mean()
