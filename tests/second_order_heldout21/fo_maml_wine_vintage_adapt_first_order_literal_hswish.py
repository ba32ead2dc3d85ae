"""Few-shot vintage classification for small wineries (first-order MAML through an `adapt` helper
whose default is second order; the call site asks for first_order=True)."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


def make_model():
    return nn.Sequential(nn.Linear(11, 32), nn.Hardswish(), nn.Linear(32, 32), nn.ReLU6(), nn.Linear(32, 4))


def adapt(model, params, x, y, inner_lr=0.1, steps=1, first_order=False):
    for _ in range(steps):
        loss = F.cross_entropy(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, params.values(), create_graph=not first_order)
        params = {k: v - inner_lr * g for (k, v), g in zip(params.items(), grads)}
    return params


net = make_model()
meta_opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for it in range(2):
    meta_opt.zero_grad()
    for task in range(3):
        xs, ys = torch.randn(8, 11), torch.randint(0, 4, (8,))
        xq, yq = torch.randn(8, 11), torch.randint(0, 4, (8,))
        fast = adapt(net, dict(net.named_parameters()), xs, ys, steps=2, first_order=True)
        F.cross_entropy(functional_call(net, fast, (xq,)), yq).backward()
    meta_opt.step()

snapshot = copy.deepcopy(net)
