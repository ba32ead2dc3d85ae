"""MAML-style adaptation with torch.func.functional_call over a params dict."""
import torch
import torch.nn.functional as F
from torch.func import functional_call


def support_loss(model, params, batch):
    series, static, y = batch
    pred = functional_call(model, params, (series, static))
    return F.smooth_l1_loss(pred, y, beta=0.05)


def adapt(model, batch, steps, create_graph, lr=0.05):
    params = dict(model.named_parameters())
    for _ in range(steps):
        loss = support_loss(model, params, batch)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)
        params = {k: v - lr * g for (k, v), g in zip(params.items(), grads)}
    return params


def query_loss(model, params, batch):
    series, static, y = batch
    return (functional_call(model, params, (series, static)) - y).abs().mean()
