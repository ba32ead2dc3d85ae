"""Inner loop and multi-step target loss."""
import torch
import torch.nn.functional as F

import config
from model import forward


def msl_weights(n_steps, use_msl):
    if not use_msl:
        w = torch.zeros(n_steps)
        w[-1] = 1.0
        return w
    return torch.full((n_steps,), 1.0 / n_steps)


def adapt_and_score(weights, bn, task, epoch):
    xs, ys, xq, yq = task
    second_order = epoch >= config.FIRST_ORDER_EPOCHS
    fast = dict(weights)
    step_w = msl_weights(config.INNER_STEPS, config.USE_MSL)
    target = 0.0
    for step in range(config.INNER_STEPS):
        support_loss = F.cross_entropy(forward(xs, fast, bn, step), ys)
        grads = torch.autograd.grad(support_loss, list(fast.values()), create_graph=second_order)
        fast = {k: v - config.INNER_LR * g for (k, v), g in zip(fast.items(), grads)}
        query_logits = forward(xq, fast, bn, step + 1)
        target = target + step_w[step] * F.cross_entropy(query_logits, yq)
    acc = (query_logits.argmax(-1) == yq).float().mean()
    return target, acc
