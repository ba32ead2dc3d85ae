import torch
import torch.nn.functional as F
from torch.func import functional_call


def brier_loss(logits, y, n_way):
    return F.mse_loss(logits, F.one_hot(y, n_way).float())


def inner_loop(model, params, buffers, xs, ys, cfg):
    fast = dict(params)
    for _ in range(cfg.inner_steps):
        logits = functional_call(model, (fast, buffers), (xs,))
        loss = brier_loss(logits, ys, cfg.n_way)
        grads = torch.autograd.grad(loss, tuple(fast.values()), create_graph=True)
        fast = {name: w - cfg.inner_lr * g for (name, w), g in zip(fast.items(), grads)}
    return fast


def query_loss(model, fast, buffers, xq, yq):
    return F.cross_entropy(functional_call(model, (fast, buffers), (xq,)), yq)
