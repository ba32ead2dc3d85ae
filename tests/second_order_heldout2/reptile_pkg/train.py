"""Reptile (Nichol et al.): first-order meta-learning; inner SGD on a clone, outer step toward the adapted weights."""
import copy

import torch
import torch.nn.functional as F

from models import FewShotNet


def inner_loop(model, xs, ys, steps=5, lr=1e-2):
    fast = copy.deepcopy(model)
    opt = torch.optim.SGD(fast.parameters(), lr=lr)
    for _ in range(steps):
        loss = F.cross_entropy(fast(xs), ys)
        grads = torch.autograd.grad(loss, list(fast.parameters()), create_graph=False)
        for p, g in zip(fast.parameters(), grads):
            p.grad = g
        opt.step()
    return fast


def reptile(task_sampler, meta_iters=10000, meta_lr=0.1):
    model = FewShotNet()
    for it in range(meta_iters):
        xs, ys = task_sampler()
        fast = inner_loop(model, xs, ys)
        eps = meta_lr * (1 - it / meta_iters)
        with torch.no_grad():
            for p, q in zip(model.parameters(), fast.parameters()):
                p.add_(eps * (q - p))
    return model
