"""Conflict-Averse Gradient descent (Liu et al. 2021) on the shared parameters.

Per-task gradients are ordinary first-order gradients (retain_graph only, no create_graph); the
dual weights w are found by a few steps of projected-free softmax descent on the detached Gram matrix.
"""
import torch


def task_gradients(losses, shared_params):
    rows = []
    for loss in losses:
        grads = torch.autograd.grad(loss, shared_params, retain_graph=True)
        rows.append(torch.cat([g.reshape(-1) for g in grads]))
    return torch.stack(rows)                                   # (T, P)


def cagrad_direction(G, c=0.5, iters=25, lr=0.5):
    GG = (G @ G.t()).detach()
    g0_norm = (GG.mean() + 1e-8).sqrt()
    logits = torch.zeros(G.shape[0], requires_grad=True)
    opt = torch.optim.SGD([logits], lr=lr, momentum=0.5)
    radius = c * g0_norm
    for _ in range(iters):
        w = torch.softmax(logits, 0)
        gw_dot_g0 = (w[:, None] * GG).sum(0).mean()
        gw_norm = (w @ GG @ w + 1e-8).sqrt()
        obj = gw_dot_g0 + radius * gw_norm
        opt.zero_grad()
        obj.backward()
        opt.step()
    with torch.no_grad():
        w = torch.softmax(logits, 0)
        gw = (w[:, None] * G).sum(0)
        d = G.mean(0) + radius / (gw.norm() + 1e-8) * gw
    return d / (1 + c ** 2)


def write_shared_grad(shared_params, direction):
    i = 0
    for p in shared_params:
        n = p.numel()
        p.grad = direction[i:i + n].view_as(p).clone()
        i += n
