from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F


class LSLR(nn.Module):
    """Learned per-layer, per-step inner learning rates (MAML++ 'LSLR')."""

    def __init__(self, names, steps, init_lr):
        super().__init__()
        self.lrs = nn.ParameterDict(
            {n.replace(".", "-"): nn.Parameter(torch.full((steps,), init_lr)) for n in names})

    def forward(self, name, step):
        return self.lrs[name.replace(".", "-")][step]


def support_loss(logits, y):
    return F.cross_entropy(logits, y)


def inner_loop(model, lslr, xs, ys, steps, create_graph):
    """Returns the fast weights after every inner step (needed by the multi-step loss)."""
    params = model.meta_parameters()
    trajectory = []
    for step in range(steps):
        loss = support_loss(model.functional_forward(xs, params), ys)
        grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=create_graph)
        params = OrderedDict((n, p - lslr(n, step) * g) for (n, p), g in zip(params.items(), grads))
        trajectory.append(params)
    return trajectory
