"""Reptile (and, switchable, MAML) over pools."""
import torch
from torch.func import functional_call

from model import decay_loss


def inner_adapt(model, task, cfg, create_graph):
    fast = {k: p.clone() for k, p in model.named_parameters()}
    for _ in range(cfg.inner_steps):
        xb, yb = task.sample(cfg.inner_batch)
        loss = decay_loss(functional_call(model, fast, (xb,)), yb)
        grads = torch.autograd.grad(loss, list(fast.values()), create_graph=create_graph)
        fast = {k: w - cfg.inner_lr * g for (k, w), g in zip(fast.items(), grads)}
    return fast


class PoolMetaLearner:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg.outer_lr)

    def meta_step(self, tasks):
        use_second_order = self.cfg.algo == "maml"
        if use_second_order:
            self.opt.zero_grad()
        deltas = {k: torch.zeros_like(p) for k, p in self.model.named_parameters()}
        for task in tasks:
            fast = inner_adapt(self.model, task, self.cfg, create_graph=use_second_order)
            if use_second_order:
                xq, yq = task.sample(self.cfg.inner_batch)
                (decay_loss(functional_call(self.model, fast, (xq,)), yq) / len(tasks)).backward()
            else:
                with torch.no_grad():
                    for k, p in self.model.named_parameters():
                        deltas[k] += (fast[k] - p) / len(tasks)
        if use_second_order:
            self.opt.step()
        else:
            with torch.no_grad():
                for k, p in self.model.named_parameters():
                    p.add_(self.cfg.outer_step * deltas[k])
        return sum(d.norm() ** 2 for d in deltas.values()).sqrt().item()
