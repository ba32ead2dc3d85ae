import torch
import torch.nn.functional as F
from torch.func import functional_call


class MetaLearner:
    def __init__(self, model, inner_lr, steps):
        self.model = model
        self.inner_lr = inner_lr
        self.steps = steps

    def adapt(self, params, x, y, create_graph):
        loss = F.cross_entropy(functional_call(self.model, params, (x,)), y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)
        return {k: p - self.inner_lr * g for (k, p), g in zip(params.items(), grads)}

    def inner_loop(self, x, y, second_order):
        params = dict(self.model.named_parameters())
        for _ in range(self.steps):
            params = self.adapt(params, x, y, second_order)
        return params
