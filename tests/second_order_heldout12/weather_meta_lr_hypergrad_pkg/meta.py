"""Hypergradient of the validation loss w.r.t. a (log) learning rate through one unrolled SGD step
(Baydin et al. 2018 / Franceschi et al. 2017, one-step truncation)."""
import torch
import torch.nn.functional as F
from torch.func import functional_call


def unrolled_step(net, params, x, y, lr, first_order=True):
    loss = F.mse_loss(functional_call(net, params, (x,)), y)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=not first_order)
    return {k: p - lr * g for (k, p), g in zip(params.items(), grads)}


def lr_hypergradient(net, log_lr, train_batch, val_batch, first_order=True):
    params = dict(net.named_parameters())
    new_params = unrolled_step(net, params, *train_batch, lr=log_lr.exp(), first_order=first_order)
    xv, yv = val_batch
    val_loss = F.mse_loss(functional_call(net, new_params, (xv,)), yv)
    return val_loss
