import torch
import torch.nn.functional as F
from torch.func import functional_call


def inner_adapt(model, xs, ys, cfg):
    fast = dict(model.named_parameters())
    for _ in range(cfg.inner_steps):
        loss = F.smooth_l1_loss(functional_call(model, fast, (xs,)), ys, beta=0.1)
        grads = torch.autograd.grad(loss, list(fast.values()), create_graph=cfg.order > 1)
        fast = {name: w - cfg.inner_lr * g for (name, w), g in zip(fast.items(), grads)}
    return fast


def meta_step(model, opt, tasks, cfg):
    opt.zero_grad()
    total = 0.0
    for xs, ys, xq, yq in tasks:
        fast = inner_adapt(model, xs, ys, cfg)
        qloss = F.smooth_l1_loss(functional_call(model, fast, (xq,)), yq, beta=0.1) / len(tasks)
        qloss.backward()
        total += qloss.item()
    opt.step()
    return total
