import torch
import torch.nn.functional as F
from torch.func import functional_call, grad


def support_loss(net, params, batch, delta):
    emg, imu, phase, torque = batch
    return F.huber_loss(functional_call(net, params, (emg, imu, phase)), torque, delta=delta)


def adapt(net, params, support, cfg):
    for _ in range(cfg["inner_steps"]):
        g = grad(support_loss, argnums=1)(net, params, support, cfg["huber_delta"])
        params = {k: params[k] - cfg["inner_lr"] * g[k] for k in params}
    return params


def query_loss(net, params, query):
    emg, imu, phase, torque = query
    return F.smooth_l1_loss(functional_call(net, params, (emg, imu, phase)), torque)


def meta_objective(params, net, tasks, cfg):
    losses = [query_loss(net, adapt(net, params, s, cfg), q) for s, q in tasks]
    return torch.stack(losses).mean()


def meta_gradient(net, tasks, cfg):
    params = {k: v.detach() for k, v in net.named_parameters()}
    return grad(meta_objective)(params, net, tasks, cfg)
