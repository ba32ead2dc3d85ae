# Truncated-Newton (Newton-CG) fitting of a small glide-time model for ski-wax test runs.
# Features: snow temperature, humidity, grain size, wax hardness, ski flex, run length.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hvp
from torch.func import functional_call


def build_model(n_in=6, hidden=24):
    return nn.Sequential(
        nn.Linear(n_in, hidden),
        nn.LayerNorm(hidden),
        nn.GELU(approximate="tanh"),
        nn.Linear(hidden, 1),
    )


def wax_runs(n=48):
    x = torch.randn(n, 6)
    glide = 0.8 * x[:, 0] - 0.5 * x[:, 1] * x[:, 3] + 0.3 * torch.sin(x[:, 2]) + 0.05 * torch.randn(n)
    return x, glide.unsqueeze(1)


def make_objective(model, names, x, y, damping):
    def objective(*flat):
        params = dict(zip(names, flat))
        pred = functional_call(model, params, (x,))
        reg = 0.5 * damping * sum((p ** 2).sum() for p in flat)
        return F.smooth_l1_loss(pred, y, beta=0.2) + reg
    return objective


def conjugate_gradient(Av, b, iters=5, tol=1e-8):
    x = [torch.zeros_like(t) for t in b]
    r = [t.clone() for t in b]
    p = [t.clone() for t in b]
    rs = sum((t * t).sum() for t in r)
    for _ in range(iters):
        Ap = Av(p)
        alpha = rs / sum((pi * api).sum() for pi, api in zip(p, Ap))
        x = [xi + alpha * pi for xi, pi in zip(x, p)]
        r = [ri - alpha * api for ri, api in zip(r, Ap)]
        rs_new = sum((t * t).sum() for t in r)
        if rs_new < tol:
            break
        p = [ri + (rs_new / rs) * pi for ri, pi in zip(r, p)]
        rs = rs_new
    return x


def newton_cg(model, x, y, outer=3, damping=1e-3, step=1.0):
    names = [n for n, _ in model.named_parameters()]
    for it in range(outer):
        params = tuple(p.detach() for p in model.parameters())
        objective = make_objective(model, names, x, y, damping)
        leaf = tuple(p.clone().requires_grad_(True) for p in params)
        loss = objective(*leaf)
        grads = torch.autograd.grad(loss, leaf)

        def Av(v):
            _, out = hvp(objective, params, tuple(v))
            return [o + damping * vi for o, vi in zip(out, v)]

        direction = conjugate_gradient(Av, [-g for g in grads])
        with torch.no_grad():
            for p, dlt in zip(model.parameters(), direction):
                p.add_(step * dlt)
        print(f"newton it {it}: loss {loss.item():.4f}")


if __name__ == "__main__":
    torch.manual_seed(2)
    x, y = wax_runs()
    newton_cg(build_model(), x, y)
