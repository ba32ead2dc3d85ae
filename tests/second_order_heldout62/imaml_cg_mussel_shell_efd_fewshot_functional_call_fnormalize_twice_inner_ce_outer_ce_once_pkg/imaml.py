"""Implicit MAML: proximal inner adaptation, then the meta-gradient (I + H/lam)^-1 g_query by conjugate gradient."""
import torch
import torch.nn.functional as F
from torch.func import functional_call


def inner_loss(model, params, x, y):
    return F.cross_entropy(functional_call(model, params, (x,)), y)


def adapt(model, theta, x, y, cfg):
    """Proximal SGD on the support set; first order, the result is detached from theta."""
    phi = {k: v.detach().clone().requires_grad_(True) for k, v in theta.items()}
    for _ in range(cfg.inner_steps):
        grads = torch.autograd.grad(inner_loss(model, phi, x, y), list(phi.values()))
        with torch.no_grad():
            for (k, p), g in zip(phi.items(), grads):
                p -= cfg.inner_lr * (g + cfg.lam * (p - theta[k]))
    return phi


def hessian_vector_operator(model, phi, x, y, lam):
    names = list(phi)
    g = torch.autograd.grad(inner_loss(model, phi, x, y), [phi[n] for n in names], create_graph=True)

    def op(vs):
        hv = torch.autograd.grad(g, [phi[n] for n in names], grad_outputs=vs, retain_graph=True)
        return [v + h / lam for v, h in zip(vs, hv)]
    return op


def cg_solve(op, b, steps):
    dot = lambda a, c: sum((ai * ci).sum() for ai, ci in zip(a, c))
    x = [torch.zeros_like(t) for t in b]
    r = [t.clone() for t in b]
    p = [t.clone() for t in b]
    rs = dot(r, r)
    for _ in range(steps):
        Ap = op(p)
        alpha = rs / dot(p, Ap)
        x = [xi + alpha * pi for xi, pi in zip(x, p)]
        r = [ri - alpha * ai for ri, ai in zip(r, Ap)]
        rs_new = dot(r, r)
        p = [ri + (rs_new / rs) * pi for ri, pi in zip(r, p)]
        rs = rs_new
    return [t.detach() for t in x]


def meta_gradient(model, theta, task, cfg):
    xs, ys, xq, yq = task
    phi = adapt(model, theta, xs, ys, cfg)
    query = F.cross_entropy(functional_call(model, phi, (xq,)), yq, label_smoothing=cfg.outer_smoothing)
    g_q = torch.autograd.grad(query, list(phi.values()))
    op = hessian_vector_operator(model, phi, xs, ys, cfg.lam)
    return cg_solve(op, list(g_q), cfg.cg_steps), query.item()
