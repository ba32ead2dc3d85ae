"""MAML (second order) on tea-leaf withering curves: each task is one batch of leaves, x = hours, y = moisture."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


def build_regressor(hidden=32, layers=2):
    mods, d = [], 1
    for _ in range(layers):
        mods += [nn.Linear(d, hidden), nn.PReLU()]
        d = hidden
    mods.append(nn.Linear(d, 1))
    return nn.Sequential(*mods)


def sample_task(n=10):
    rate, floor = torch.rand(1) * 0.5 + 0.1, torch.rand(1) * 0.3
    x = torch.rand(2 * n, 1) * 12
    y = floor + (1 - floor) * torch.exp(-rate * x) + 0.02 * torch.randn_like(x)
    return (x[:n], y[:n]), (x[n:], y[n:])


def adapt(model, params, support, inner_lr=0.05, steps=2):
    xs, ys = support
    for _ in range(steps):
        pred = functional_call(model, params, (xs,))
        inner = F.smooth_l1_loss(pred, ys, beta=0.1)
        grads = torch.autograd.grad(inner, list(params.values()), create_graph=True)
        params = {k: v - inner_lr * g for (k, v), g in zip(params.items(), grads)}
    return params


def meta_train(meta_iters=3, tasks_per_batch=4):
    torch.manual_seed(0)
    model = build_regressor()
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(meta_iters):
        meta_loss = 0.0
        for _ in range(tasks_per_batch):
            support, (xq, yq) = sample_task()
            fast = adapt(model, dict(model.named_parameters()), support)
            meta_loss = meta_loss + F.mse_loss(functional_call(model, fast, (xq,)), yq)
        meta_opt.zero_grad()
        (meta_loss / tasks_per_batch).backward()
        meta_opt.step()
        print(it, meta_loss.item() / tasks_per_batch)


if __name__ == "__main__":
    meta_train()
