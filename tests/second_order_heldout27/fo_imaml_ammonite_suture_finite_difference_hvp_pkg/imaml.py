import copy

import torch

from hvp import finite_difference_hvp, flat_grad
from models import task_loss


def inner_adapt(meta_model, x_s, y_s, cfg):
    learner = copy.deepcopy(meta_model)
    anchor = [p.detach().clone() for p in meta_model.parameters()]
    opt = torch.optim.SGD(learner.parameters(), lr=cfg["inner_lr"])
    for _ in range(cfg["inner_steps"]):
        prox = sum(((p - a) ** 2).sum() for p, a in zip(learner.parameters(), anchor))
        loss = task_loss(learner, x_s, y_s) + 0.5 * cfg["lam"] * prox
        opt.zero_grad()
        loss.backward()
        opt.step()
    return learner


def implicit_meta_grad(learner, x_s, y_s, x_q, y_q, cfg):
    """Solve (I + H / lam) v = grad_q with CG; H v by finite differences."""
    b = flat_grad(learner, x_q, y_q)

    def A(v):
        hv = finite_difference_hvp(learner, x_s, y_s, v, cfg["fd_eps"])
        return [vi + hvi / cfg["lam"] for vi, hvi in zip(v, hv)]

    x = [torch.zeros_like(t) for t in b]
    r = [t.clone() for t in b]
    p = [t.clone() for t in b]
    rs = sum((t * t).sum() for t in r)
    for _ in range(cfg["cg_steps"]):
        Ap = A(p)
        alpha = rs / sum((a * c).sum() for a, c in zip(p, Ap))
        x = [xi + alpha * pi for xi, pi in zip(x, p)]
        r = [ri - alpha * api for ri, api in zip(r, Ap)]
        rs_new = sum((t * t).sum() for t in r)
        p = [ri + (rs_new / rs) * pi for ri, pi in zip(r, p)]
        rs = rs_new
    return x
