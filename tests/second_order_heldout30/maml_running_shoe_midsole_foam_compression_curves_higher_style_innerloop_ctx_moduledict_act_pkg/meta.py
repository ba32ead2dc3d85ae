"""A minimal stand-in for `higher`: a functional copy of a module plus a differentiable SGD."""
from contextlib import contextmanager

import torch
from torch.func import functional_call


class FunctionalModule:
    def __init__(self, module):
        self.module = module
        self.names = [n for n, _ in module.named_parameters()]
        self.fast_params = [p for _, p in module.named_parameters()]

    def __call__(self, x):
        return functional_call(self.module, dict(zip(self.names, self.fast_params)), (x,))


class DifferentiableSGD:
    def __init__(self, fmodel, lr, track_higher_grads=True):
        self.fmodel, self.lr, self.track_higher_grads = fmodel, lr, track_higher_grads

    def step(self, loss):
        grads = torch.autograd.grad(loss, self.fmodel.fast_params, create_graph=self.track_higher_grads)
        if not self.track_higher_grads:
            grads = [g.detach() for g in grads]
        self.fmodel.fast_params = [p - self.lr * g for p, g in zip(self.fmodel.fast_params, grads)]
        return loss.detach()


@contextmanager
def innerloop_ctx(model, lr, track_higher_grads=True):
    fmodel = FunctionalModule(model)
    yield fmodel, DifferentiableSGD(fmodel, lr, track_higher_grads)
