"""A tiny `higher`-style differentiable optimiser over a functional view of a module."""
import torch
from torch.func import functional_call


class FunctionalModel:
    def __init__(self, module):
        self.module = module
        self.names = [n for n, _ in module.named_parameters()]

    def initial_params(self):
        return [p for _, p in self.module.named_parameters()]

    def __call__(self, x, params):
        return functional_call(self.module, dict(zip(self.names, params)), (x,))


class DifferentiableSGD:
    def __init__(self, lr, track_higher_grads=True):
        self.lr = lr
        self.track_higher_grads = track_higher_grads

    def step(self, loss, params):
        grads = torch.autograd.grad(loss, params, create_graph=self.track_higher_grads)
        return [p - self.lr * g for p, g in zip(params, grads)]
