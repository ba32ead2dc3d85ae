import torch
from torch.func import functional_call

from losses import angular_error


def inner_adapt(net, support, steps=1, lr=0.01, first_order=True):
    eye, pose, gaze = support
    params = {k: v for k, v in net.named_parameters()}
    for _ in range(steps):
        loss = angular_error(functional_call(net, params, (eye, pose)), gaze)
        grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=not first_order)
        params = {k: v - lr * g for (k, v), g in zip(params.items(), grads)}
    return params


def meta_step(net, opt, tasks, inner_steps=1, first_order=True):
    opt.zero_grad()
    total = 0.0
    for support, query in tasks:
        fast = inner_adapt(net, support, steps=inner_steps, first_order=first_order)
        q_eye, q_pose, q_gaze = query
        total = total + angular_error(functional_call(net, fast, (q_eye, q_pose)), q_gaze)
    (total / len(tasks)).backward()
    opt.step()
    return float(total) / len(tasks)
