import torch
import torch.nn.functional as F
from torch.func import functional_call


def inner_step(model, params, log_lrs, batch, second_order):
    x, y = batch
    loss = F.huber_loss(functional_call(model, params, (x,)), y)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=second_order)
    return {name: p - log_lrs[name].exp() * g for (name, p), g in zip(params.items(), grads)}


def meta_objective(model, log_lrs, train_batch, val_batch, second_order=False):
    params = dict(model.named_parameters())
    fast = inner_step(model, params, log_lrs, train_batch, second_order)
    x_val, y_val = val_batch
    return F.huber_loss(functional_call(model, fast, (x_val,)), y_val)
