"""Truncated-Newton (Hessian-free) training with torch.func: Hessian-vector products as forward-over-reverse
jvp(grad(loss)), the gradient from vjp, and a few conjugate-gradient steps per batch."""
import torch
import torch.nn as nn
from torch.func import functional_call, grad, jvp, vjp


def make_model(d_in=20, width=64, n_cls=5):
    return nn.Sequential(nn.Linear(d_in, width), nn.LayerNorm(width), nn.Mish(), nn.Linear(width, n_cls))


def make_loss(model, x, y):
    def loss_fn(params):
        logits = functional_call(model, params, (x,))
        picked = logits.gather(1, y.unsqueeze(1)).squeeze(1)
        return (torch.logsumexp(logits, dim=1) - picked).mean()
    return loss_fn


def tree_dot(a, b):
    return sum((a[k] * b[k]).sum() for k in a)


def cg_solve(hvp, g, iters=10, damping=1e-2):
    x = {k: torch.zeros_like(v) for k, v in g.items()}
    r = {k: v.clone() for k, v in g.items()}
    p = {k: v.clone() for k, v in g.items()}
    rr = tree_dot(r, r)
    for _ in range(iters):
        hp = hvp(p)
        hp = {k: hp[k] + damping * p[k] for k in hp}
        alpha = rr / tree_dot(p, hp)
        x = {k: x[k] + alpha * p[k] for k in x}
        r = {k: r[k] - alpha * hp[k] for k in r}
        rr_new = tree_dot(r, r)
        p = {k: r[k] + (rr_new / rr) * p[k] for k in p}
        rr = rr_new
    return x


def hf_step(model, x, y, lr=1.0):
    params = {k: v.detach() for k, v in model.named_parameters()}
    loss_fn = make_loss(model, x, y)
    loss, pullback = vjp(loss_fn, params)
    (g,) = pullback(torch.ones_like(loss))

    def hvp(v):
        return jvp(grad(loss_fn), (params,), (v,))[1]

    step = cg_solve(hvp, g)
    with torch.no_grad():
        for k, p in model.named_parameters():
            p.sub_(lr * step[k])
    return loss.item()


def train(loader, epochs=5):
    model = make_model()
    for _ in range(epochs):
        for x, y in loader:
            hf_step(model, x, y)
    return model
