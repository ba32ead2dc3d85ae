import torch
import torch.nn.functional as F

from learner import forward


class MAML:
    def __init__(self, weights, inner_lr=0.1, inner_steps=1, first_order=False):
        self.weights = weights
        self.inner_lr = inner_lr
        self.inner_steps = inner_steps
        self.first_order = first_order

    def inner_loop(self, xs, ys):
        fast = dict(self.weights)
        for _ in range(self.inner_steps):
            loss = F.cross_entropy(forward(fast, xs), ys)
            grads = torch.autograd.grad(loss, list(fast.values()), create_graph=not self.first_order)
            fast = {k: w - self.inner_lr * g for (k, w), g in zip(fast.items(), grads)}
        return fast

    def outer_loss(self, task):
        xs, ys, xq, yq = task
        fast = self.inner_loop(xs, ys)
        logits = forward(fast, xq)
        return F.nll_loss(torch.log_softmax(logits, dim=1), yq)
