"""Implicit-function-theorem hypergradient for per-feature L2 decay on the input layer."""
import torch
import torch.nn as nn
from torch.autograd.functional import hvp
from torch.func import functional_call

from config import CONFIG

DATA_LOSS = nn.SmoothL1Loss(beta=CONFIG.huber_beta)


def train_objective(model, names, x, y, log_decay):
    def objective(*flat):
        params = dict(zip(names, flat))
        pred = functional_call(model, params, (x,))
        decay = (torch.exp(log_decay) * params["inp.weight"] ** 2).sum()
        return DATA_LOSS(pred, y) + 1e-3 * decay
    return objective


def conjugate_gradient(matvec, b, iters, damping):
    x = tuple(torch.zeros_like(t) for t in b)
    r = tuple(t.clone() for t in b)
    p = tuple(t.clone() for t in b)
    rr = sum((t * t).sum() for t in r)
    for _ in range(iters):
        Ap = tuple(a + damping * q for a, q in zip(matvec(p), p))
        alpha = rr / (sum((q * a).sum() for q, a in zip(p, Ap)) + 1e-12)
        x = tuple(xi + alpha * q for xi, q in zip(x, p))
        r = tuple(ri - alpha * a for ri, a in zip(r, Ap))
        rr_new = sum((t * t).sum() for t in r)
        p = tuple(ri + (rr_new / rr) * q for ri, q in zip(r, p))
        rr = rr_new
    return x


def hypergradient(model, log_decay, train_batch, val_grads):
    names = [n for n, _ in model.named_parameters()]
    params = tuple(p.detach().requires_grad_(True) for _, p in model.named_parameters())
    objective = train_objective(model, names, *train_batch, log_decay.detach())

    def hessian_vector(v):
        return hvp(objective, params, v)[1]

    v = conjugate_gradient(hessian_vector, val_grads, CONFIG.cg_iters, CONFIG.cg_damping)
    # mixed partial d/d(log_decay) of grad_theta L_train, contracted with v
    inner = train_objective(model, names, *train_batch, log_decay)
    g_theta = torch.autograd.grad(inner(*params), params, create_graph=True)
    (mixed,) = torch.autograd.grad(g_theta, log_decay, grad_outputs=v)
    return -mixed
