"""MAML with a meta-learned element-wise curvature (preconditioner) on the inner gradients."""
import torch
import torch.nn.functional as F
from torch.func import functional_call


def init_curvature(model):
    return {name: torch.ones_like(p, requires_grad=True) for name, p in model.named_parameters()}


def adapt(model, curvature, support_x, support_y, cfg):
    fast = dict(model.named_parameters())
    for _ in range(cfg.inner_steps):
        logits = functional_call(model, fast, (support_x,))
        loss = F.cross_entropy(logits, support_y)
        grads = torch.autograd.grad(loss, list(fast.values()), create_graph=not cfg.first_order)
        fast = {name: w - cfg.inner_lr * curvature[name] * g for (name, w), g in zip(fast.items(), grads)}
    return fast


def query_loss(model, fast, query_x, query_y):
    log_probs = F.log_softmax(functional_call(model, fast, (query_x,)), dim=-1)
    return F.nll_loss(log_probs, query_y)
