# First-order MAML (FOMAML) for few-shot solar-wafer defect classification.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

net = nn.Sequential(nn.Linear(64, 64), nn.ReLU6(), nn.Linear(64, 5))
meta_opt = torch.optim.Adam(net.parameters(), lr=1e-3)


def adapt(model, params, x, y, lr=0.4, steps=1, first_order=False):
    for _ in range(steps):
        loss = F.cross_entropy(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=not first_order)
        params = {k: v - lr * g for (k, v), g in zip(params.items(), grads)}
    return params


for it in range(3):
    meta_opt.zero_grad()
    for task in range(2):
        xs, ys = torch.randn(10, 64), torch.randint(0, 5, (10,))
        xq, yq = torch.randn(10, 64), torch.randint(0, 5, (10,))
        fast = adapt(net, dict(net.named_parameters()), xs, ys, first_order=True)
        F.cross_entropy(functional_call(net, fast, (xq,)), yq).backward()
    meta_opt.step()
