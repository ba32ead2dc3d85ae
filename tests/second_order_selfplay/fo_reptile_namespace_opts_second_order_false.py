"""Few-shot regression of kiln firing curves (temperature vs time for different clay bodies) with a MAML-style
inner loop run through functional_call. The options are a SimpleNamespace handed to the adaptation function; this
run uses the first-order variant (opts.second_order is False), so the inner gradients keep no graph."""
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


def firing_task(n=20):
    peak = 900 + 400 * torch.rand(1)
    ramp = 0.5 + torch.rand(1)
    t = torch.rand(n, 1)
    temp = peak * torch.tanh(ramp * 4 * t) * torch.exp(-1.5 * F.relu(t - 0.7))
    return t, temp / 1300.0


def adapt(model, x, y, opts):
    params = dict(model.named_parameters())
    for _ in range(opts.inner_steps):
        loss = F.mse_loss(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=opts.second_order)
        params = {k: v - opts.inner_lr * g for (k, v), g in zip(params.items(), grads)}
    return params


def main():
    torch.manual_seed(0)
    opts = SimpleNamespace(inner_lr=0.05, inner_steps=2, meta_lr=1e-3, second_order=False)
    model = nn.Sequential(nn.Linear(1, 32), nn.SELU(), nn.Linear(32, 32), nn.Hardswish(), nn.Linear(32, 1))
    meta_opt = torch.optim.Adam(model.parameters(), lr=opts.meta_lr)
    for it in range(3):
        meta_opt.zero_grad()
        for _ in range(4):
            xs, ys = firing_task()
            xq, yq = firing_task()
            fast = adapt(model, xs, ys, opts)
            F.mse_loss(functional_call(model, fast, (xq,)), yq).backward()
        meta_opt.step()
        print(f"meta step {it}")


if __name__ == "__main__":
    main()
