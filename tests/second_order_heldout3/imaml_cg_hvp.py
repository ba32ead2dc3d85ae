"""iMAML (Rajeswaran et al. 2019): first-order inner adaptation, then the implicit meta-gradient solved by conjugate gradient on Hessian-vector products."""
import torch
import torch.nn.functional as F


def init_params(d_in=16, hidden=32, n_way=5):
    def w(*shape):
        return (torch.randn(*shape) * 0.1).requires_grad_()
    return {"w1": w(hidden, d_in), "b1": torch.zeros(hidden, requires_grad=True),
            "w2": w(n_way, hidden), "b2": torch.zeros(n_way, requires_grad=True)}


def forward(params, x):
    h = F.elu(F.linear(x, params["w1"], params["b1"]))
    return F.linear(h, params["w2"], params["b2"])


def inner_loss(params, meta_params, x, y, lam):
    task = F.cross_entropy(forward(params, x), y)
    prox = sum(((params[k] - meta_params[k].detach()) ** 2).sum() for k in params)
    return task + 0.5 * lam * prox


def adapt(meta_params, x, y, lam=1.0, steps=5, lr=0.1):
    params = {k: v.detach().clone().requires_grad_() for k, v in meta_params.items()}
    for _ in range(steps):
        grads = torch.autograd.grad(inner_loss(params, meta_params, x, y, lam), list(params.values()))
        params = {k: (v - lr * g).detach().requires_grad_() for (k, v), g in zip(params.items(), grads)}
    return params


def hvp(params, meta_params, x, y, lam, vec):
    grads = torch.autograd.grad(inner_loss(params, meta_params, x, y, lam), list(params.values()), create_graph=True)
    flat = torch.cat([g.reshape(-1) for g in grads])
    hv = torch.autograd.grad(flat, list(params.values()), grad_outputs=vec)
    return torch.cat([h.reshape(-1) for h in hv])


def conjugate_gradient(params, meta_params, x, y, lam, b, iters=5):
    xk = torch.zeros_like(b)
    r = b.clone()
    p = r.clone()
    for _ in range(iters):
        Ap = hvp(params, meta_params, x, y, lam, p) / lam + p
        alpha = r.dot(r) / p.dot(Ap)
        xk = xk + alpha * p
        r_new = r - alpha * Ap
        p = r_new + (r_new.dot(r_new) / r.dot(r)) * p
        r = r_new
    return xk


def meta_train(tasks, meta_steps=100, lam=1.0):
    meta_params = init_params()
    opt = torch.optim.Adam(meta_params.values(), lr=1e-3)
    for _ in range(meta_steps):
        opt.zero_grad()
        for xs, ys, xq, yq in tasks():
            params = adapt(meta_params, xs, ys, lam)
            outer = F.cross_entropy(forward(params, xq), yq)
            g_out = torch.autograd.grad(outer, list(params.values()))
            meta_grad = conjugate_gradient(params, meta_params, xs, ys, lam, torch.cat([g.reshape(-1) for g in g_out]))
            offset = 0
            for p in meta_params.values():
                n = p.numel()
                p.grad = meta_grad[offset:offset + n].view_as(p) + (p.grad if p.grad is not None else 0)
                offset += n
        opt.step()
