"""MAML over a params dict with torch.func.functional_call; the inner loop fits the support set with a
smooth-L1 loss and keeps the graph unless first_order is set."""
import torch
import torch.nn as nn
from torch.func import functional_call


class MAML:
    def __init__(self, model, inner_lr=0.01, inner_steps=1, first_order=False):
        self.model = model
        self.inner_lr = inner_lr
        self.inner_steps = inner_steps
        self.first_order = first_order
        self.inner_criterion = nn.SmoothL1Loss(beta=0.5)

    @property
    def net(self):
        return self.model.module if isinstance(self.model, nn.DataParallel) else self.model

    def adapt(self, x_s, y_s):
        params = dict(self.net.named_parameters())
        for _ in range(self.inner_steps):
            pred = functional_call(self.net, params, (x_s,))
            loss = self.inner_criterion(pred, y_s)
            grads = torch.autograd.grad(loss, list(params.values()), create_graph=not self.first_order)
            params = {name: p - self.inner_lr * g for (name, p), g in zip(params.items(), grads)}
        return params

    def meta_loss(self, tasks, query_loss):
        losses = []
        for x_s, y_s, x_q, y_q in tasks:
            fast_weights = self.adapt(x_s, y_s)
            losses.append(query_loss(functional_call(self.net, fast_weights, (x_q,)), y_q))
        return torch.stack(losses).mean()
