import torch
import torch.nn.functional as F
from torch.func import functional_call


def adapt(net, params, x, y, cfg):
    for _ in range(cfg.inner_steps):
        pred = functional_call(net, params, (x,))
        loss = F.smooth_l1_loss(pred, y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=cfg.second_order)
        params = {k: v - cfg.inner_lr * g for (k, v), g in zip(params.items(), grads)}
    return params


def meta_loss(net, tasks, cfg):
    total = 0.0
    for (xs, ys, xq, yq) in tasks:
        fast = adapt(net, dict(net.named_parameters()), xs, ys, cfg)
        total = total + F.mse_loss(functional_call(net, fast, (xq,)), yq)
    return total / len(tasks)
