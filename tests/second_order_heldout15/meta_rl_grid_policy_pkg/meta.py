from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class MetaConfig:
    inner_lr: float = 0.1
    inner_steps: int = 1
    second_order: bool = False


def reinforce_loss(module, params, obs, actions, returns):
    logits = functional_call(module, params, (obs,))
    logp_all = F.log_softmax(logits, dim=-1)
    logp = torch.gather(logp_all, 1, actions[:, None]).squeeze(1)
    return -(logp * returns).mean()


def adapt(module, params, batch, cfg):
    for _ in range(cfg.inner_steps):
        loss = reinforce_loss(module, params, *batch)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=cfg.second_order)
        params = {n: p - cfg.inner_lr * g for (n, p), g in zip(params.items(), grads)}
    return params
