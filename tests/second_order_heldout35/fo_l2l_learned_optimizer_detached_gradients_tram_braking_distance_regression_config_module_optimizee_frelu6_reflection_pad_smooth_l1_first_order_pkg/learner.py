"""Coordinate-wise MLP update rule with the log/sign gradient preprocessing."""
import math

import torch
import torch.nn as nn

import config


def preprocess(g):
    p = config.PREPROC_P
    mag = (g.abs().clamp_min(math.exp(-p)).log() / p).clamp(-1, 1)
    sign = torch.where(g.abs() >= math.exp(-p), g.sign(), g * math.exp(p))
    return torch.stack([mag, sign], -1)


class UpdateRule(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, config.HIDDEN), nn.Tanh(), nn.Linear(config.HIDDEN, 1))

    def forward(self, g):
        return 0.1 * self.net(preprocess(g)).squeeze(-1)


def unrolled_meta_loss(rule, params, loss_fn, x, y):
    total = 0.0
    for _ in range(config.UNROLL):
        loss = loss_fn(params, x, y)
        grads = torch.autograd.grad(loss, params, retain_graph=True)
        if config.DETACH_OPTIMIZEE_GRADS:
            grads = [g.detach() for g in grads]
        params = [p + rule(g) for p, g in zip(params, grads)]
        total = total + loss_fn(params, x, y)
    return total / config.UNROLL
