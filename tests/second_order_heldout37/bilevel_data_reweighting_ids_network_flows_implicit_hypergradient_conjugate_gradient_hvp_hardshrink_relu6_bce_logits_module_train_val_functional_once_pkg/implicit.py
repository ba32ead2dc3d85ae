"""Implicit hypergradient of the validation loss w.r.t. per-example training weights.

d L_val / d w = - (d^2 L_train / d w d theta) H^{-1} grad_theta L_val, with H^{-1} applied by
conjugate gradient on Hessian-vector products.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

import hparams

pointwise_bce = nn.BCEWithLogitsLoss(reduction="none")


def weighted_train_loss(model, x, y, weights):
    return (torch.sigmoid(weights) * pointwise_bce(model(x), y)).mean()


def val_loss(model, x, y):
    return F.binary_cross_entropy_with_logits(model(x), y)


def flat(tensors):
    return torch.cat([t.reshape(-1) for t in tensors])


def conjugate_gradient(hvp, b, iters=hparams.CG_ITERS, damping=hparams.CG_DAMPING):
    x = torch.zeros_like(b)
    r = b.clone()
    p = r.clone()
    rs = r @ r
    for _ in range(iters):
        ap = hvp(p) + damping * p
        alpha = rs / (p @ ap)
        x = x + alpha * p
        r = r - alpha * ap
        rs_new = r @ r
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x


def hypergradient(model, weights, train, val):
    params = [p for p in model.parameters()]
    g_val = flat(torch.autograd.grad(val_loss(model, *val), params)).detach()
    g_train = flat(torch.autograd.grad(weighted_train_loss(model, *train, weights), params, create_graph=True))

    def hvp(v):
        return flat(torch.autograd.grad(g_train @ v, params, retain_graph=True)).detach()

    v = conjugate_gradient(hvp, g_val)
    (mixed,) = torch.autograd.grad(g_train @ v, weights)
    return -mixed
