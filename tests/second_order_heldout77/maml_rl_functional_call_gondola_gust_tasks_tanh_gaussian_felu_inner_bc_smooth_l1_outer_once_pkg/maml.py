"""Inner adaptation (create_graph unless first-order MAML) and the outer meta-objective."""
import torch
import torch.nn.functional as F
from torch.func import functional_call


def returns_to_go(rew, gamma):
    out = torch.zeros_like(rew)
    run = torch.zeros(rew.shape[0])
    for t in reversed(range(rew.shape[1])):
        run = rew[:, t] + gamma * run
        out[:, t] = run
    return out


def inner_loss(policy, params, batch, cfg):
    logp, mean_act = functional_call(policy, params, (batch["obs"], batch["act"]))
    adv = batch["ret"] - batch["ret"].mean()
    pg = -(logp * adv).mean()
    bc = F.smooth_l1_loss(mean_act, batch["guide_act"])
    return pg + cfg.bc_weight * bc


def adapt(policy, batch, cfg):
    params = dict(policy.named_parameters())
    for _ in range(cfg.inner_steps):
        loss = inner_loss(policy, params, batch, cfg)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=not cfg.first_order)
        params = {k: v - cfg.inner_lr * g for (k, v), g in zip(params.items(), grads)}
    return params


def outer_loss(policy, adapted, batch):
    logp, mean_act = functional_call(policy, adapted, (batch["obs"], batch["act"]))
    adv = batch["ret"] - batch["ret"].mean()
    reg = F.smooth_l1_loss(mean_act, batch["act"], beta=0.5)
    return -(logp * adv).mean() + 0.1 * reg
