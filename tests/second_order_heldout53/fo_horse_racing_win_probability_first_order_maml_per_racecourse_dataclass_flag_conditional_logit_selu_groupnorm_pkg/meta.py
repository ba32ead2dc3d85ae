"""First-order MAML over racecourses."""
import torch
from torch.func import functional_call

from model import race_log_likelihood


class FOMAML:
    def __init__(self, scorer, cfg):
        self.scorer = scorer
        self.cfg = cfg

    def scores(self, params, x):
        r, n, f = x.shape
        return functional_call(self.scorer, params, (x.reshape(r * n, f),)).reshape(r, n)

    def adapt(self, x, winner):
        params = dict(self.scorer.named_parameters())
        for _ in range(self.cfg.inner_steps):
            loss = -race_log_likelihood(self.scores(params, x), winner)
            grads = torch.autograd.grad(loss, params.values(), create_graph=not self.cfg.first_order)
            params = {k: p - self.cfg.inner_lr * g for (k, p), g in zip(params.items(), grads)}
        return params
