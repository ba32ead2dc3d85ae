import torch
import torch.nn.functional as F
from torch.func import functional_call


def adapt(model, support, cfg):
    x, y = support
    params = dict(model.named_parameters())
    for _ in range(cfg.inner_steps):
        loss = F.binary_cross_entropy_with_logits(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=not cfg.first_order)
        params = {n: p - cfg.inner_lr * g for (n, p), g in zip(params.items(), grads)}
    return params
