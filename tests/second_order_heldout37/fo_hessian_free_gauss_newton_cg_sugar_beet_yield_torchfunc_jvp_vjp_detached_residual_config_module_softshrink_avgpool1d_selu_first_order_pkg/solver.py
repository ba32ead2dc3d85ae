"""Hessian-free Gauss-Newton: G v = J^T (J v) with J the Jacobian of the predictions w.r.t. the parameters.

Only first derivatives of the network appear: a forward-mode product (jvp) and a reverse-mode
product (vjp); the residual is detached, so no gradient is ever differentiated again.
"""
import torch
from torch.func import functional_call, jvp, vjp

import config


def gn_direction(model, x, y):
    params = {k: v.detach() for k, v in model.named_parameters()}

    def predict(p):
        return functional_call(model, p, (x,))

    preds, pullback = vjp(predict, params)
    residual = (preds - y).detach()
    (grad,) = pullback(residual / x.shape[0])

    def gvp(v):
        _, jv = jvp(predict, (params,), (v,))
        (jtjv,) = pullback(jv.detach() / x.shape[0])
        return {k: jtjv[k] + config.DAMPING * v[k] for k in v}

    def dot(a, b):
        return sum((a[k] * b[k]).sum() for k in a)

    step = {k: torch.zeros_like(v) for k, v in params.items()}
    r = {k: -g for k, g in grad.items()}
    p = dict(r)
    rs = dot(r, r)
    for _ in range(config.CG_ITERS):
        ap = gvp(p)
        alpha = rs / dot(p, ap)
        step = {k: step[k] + alpha * p[k] for k in step}
        r = {k: r[k] - alpha * ap[k] for k in r}
        rs_new = dot(r, r)
        p = {k: r[k] + (rs_new / rs) * p[k] for k in r}
        rs = rs_new
    return step, 0.5 * residual.pow(2).mean()
