import torch
import torch.nn.functional as F
from torch.func import functional_call


def adapt_second_order(model, x, y, lr):
    params = dict(model.named_parameters())
    loss = F.mse_loss(functional_call(model, params, (x,)), y)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
    return {k: p - lr * g for (k, p), g in zip(params.items(), grads)}


def adapt_first_order(model, x, y, lr):
    params = dict(model.named_parameters())
    loss = F.mse_loss(functional_call(model, params, (x,)), y)
    grads = torch.autograd.grad(loss, list(params.values()))
    return {k: p - lr * g.detach() for (k, p), g in zip(params.items(), grads)}
