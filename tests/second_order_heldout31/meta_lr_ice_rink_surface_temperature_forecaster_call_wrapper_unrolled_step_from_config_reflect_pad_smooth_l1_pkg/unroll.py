import torch
import torch.nn.functional as F
from torch.func import functional_call


class UnrolledSGD:
    """Not an nn.Module: one differentiable SGD step with a learnable log learning rate."""

    def __init__(self, log_lr):
        self.log_lr = log_lr

    def loss(self, model, params, x, y):
        return F.smooth_l1_loss(functional_call(model, params, (x,)), y, beta=0.5)

    def __call__(self, model, params, batch):
        x, y = batch
        train_loss = self.loss(model, params, x, y)
        grads = torch.autograd.grad(train_loss, list(params.values()), create_graph=True)
        lr = self.log_lr.exp()
        return {k: v - lr * g for (k, v), g in zip(params.items(), grads)}, train_loss
