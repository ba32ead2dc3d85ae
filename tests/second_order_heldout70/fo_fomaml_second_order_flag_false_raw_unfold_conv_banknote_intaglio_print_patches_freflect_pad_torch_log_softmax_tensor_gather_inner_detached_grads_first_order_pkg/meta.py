import torch

from nets import functional_forward, nll


def inner_adapt(weights, xs, ys, cfg):
    fast = list(weights)
    for _ in range(cfg.inner_steps):
        loss = nll(functional_forward(fast, xs), ys)
        grads = torch.autograd.grad(loss, fast, create_graph=cfg.second_order)
        if not cfg.second_order:
            grads = [g.detach() for g in grads]
        fast = [p - cfg.inner_lr * g for p, g in zip(fast, grads)]
    return fast


def meta_step(weights, tasks, cfg, opt):
    opt.zero_grad()
    total = 0.0
    for (xs, ys), (xq, yq) in tasks:
        fast = inner_adapt(weights, xs, ys, cfg)
        q_loss = nll(functional_forward(fast, xq), yq) / len(tasks)
        q_loss.backward()
        total += q_loss.item()
    opt.step()
    return total
