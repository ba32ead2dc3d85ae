"""Implicit MAML (Rajeswaran et al., 2019) for few-shot regression of bread-dough rheology curves
(stress vs. strain rate for a new flour blend).

The inner loop solves the proximal problem with plain SGD (no graph kept); the meta-gradient is
obtained by conjugate gradient on (I + H / lam) v = g_query, where H v is a Hessian-vector product
of the inner support loss at the adapted weights.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

LAM = 2.0
INNER_STEPS = 5
CG_STEPS = 4


def rheology_layers(widths):
    for i, (a, b) in enumerate(zip(widths[:-1], widths[1:])):
        yield nn.Linear(a, b)
        if i < len(widths) - 2:
            yield nn.Hardswish() if i % 2 == 0 else nn.ReLU6()


def build_regressor(widths=(1, 32, 32, 1)):
    return nn.Sequential(*rheology_layers(list(widths)))


def support_loss(model, params, x, y):
    return F.huber_loss(functional_call(model, params, (x,)), y, delta=0.5)


def inner_adapt(model, theta, x, y, lr=0.05):
    phi = {k: v.detach().clone().requires_grad_(True) for k, v in theta.items()}
    for _ in range(INNER_STEPS):
        loss = support_loss(model, phi, x, y)
        loss = loss + LAM / 2 * sum(((phi[k] - theta[k].detach()) ** 2).sum() for k in phi)
        grads = torch.autograd.grad(loss, list(phi.values()))
        phi = {k: (v - lr * g).detach().requires_grad_(True) for (k, v), g in zip(phi.items(), grads)}
    return phi


def hvp(model, phi, x, y, vec):
    grads = torch.autograd.grad(support_loss(model, phi, x, y), list(phi.values()), create_graph=True)
    dot = sum((g * v).sum() for g, v in zip(grads, vec))
    return torch.autograd.grad(dot, list(phi.values()))


def conjugate_gradient(apply_a, b):
    x = [torch.zeros_like(t) for t in b]
    r = [t.clone() for t in b]
    p = [t.clone() for t in b]
    rs = sum((t * t).sum() for t in r)
    for _ in range(CG_STEPS):
        ap = apply_a(p)
        alpha = rs / sum((u * v).sum() for u, v in zip(p, ap))
        x = [u + alpha * v for u, v in zip(x, p)]
        r = [u - alpha * v for u, v in zip(r, ap)]
        rs_new = sum((t * t).sum() for t in r)
        p = [u + (rs_new / rs) * v for u, v in zip(r, p)]
        rs = rs_new
    return x


def dough_task():
    k, n = torch.rand(1) * 2 + 0.5, torch.rand(1) * 0.5 + 0.3
    rate = torch.rand(20, 1) * 3
    stress = k * rate ** n + 0.02 * torch.randn(20, 1)
    return (rate[:10], stress[:10]), (rate[10:], stress[10:])


def main():
    torch.manual_seed(0)
    model = build_regressor()
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(2):
        (xs, ys), (xq, yq) = dough_task()
        theta = dict(model.named_parameters())
        phi = inner_adapt(model, theta, xs, ys)
        q_loss = support_loss(model, phi, xq, yq)
        g_q = torch.autograd.grad(q_loss, list(phi.values()))
        meta_grad = conjugate_gradient(
            lambda v: [vi + hv / LAM for vi, hv in zip(v, hvp(model, phi, xs, ys, v))], g_q)
        meta_opt.zero_grad()
        for p, g in zip(model.parameters(), meta_grad):
            p.grad = g.detach()
        meta_opt.step()
        print(it, q_loss.item())


if __name__ == "__main__":
    main()
