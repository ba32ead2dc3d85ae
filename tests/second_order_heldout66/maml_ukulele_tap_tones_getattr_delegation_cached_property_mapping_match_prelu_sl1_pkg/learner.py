"""MAML learner. A plain object (not an nn.Module) that delegates attribute access to the wrapped network."""
from __future__ import annotations

import functools
from functools import cached_property

import torch
import torch.nn.functional as F
from torch.func import functional_call

from config import MetaConfig


def loss_from_spec(spec: dict):
    match spec:
        case {"kind": "smooth_l1", "beta": float(beta)}:
            return functools.partial(F.smooth_l1_loss, beta=beta)
        case {"kind": "huber", "delta": float(delta)}:
            return functools.partial(F.huber_loss, delta=delta)
        case {"kind": "l1"}:
            return F.l1_loss
        case {"kind": "mse", **rest} if not rest:
            return F.mse_loss
        case _:
            raise ValueError(f"bad loss spec {spec!r}")


class MetaLearner:
    def __init__(self, net, cfg: MetaConfig):
        self._net = net
        self.cfg = cfg

    def __getattr__(self, name):
        # only called when normal lookup fails: parameters(), named_parameters(), train() ... of the network
        return getattr(self._net, name)

    @cached_property
    def support_criterion(self):
        return loss_from_spec(self.cfg.support_loss)

    @cached_property
    def query_criterion(self):
        return loss_from_spec(self.cfg.query_loss)

    def __call__(self, shaving, context, params=None):
        if params is None:
            return self._net(shaving, context)
        return functional_call(self._net, params, (shaving, context))

    def adapt(self, shaving, modes, context):
        params = dict(self.named_parameters())
        for _ in range(self.cfg.inner_steps):
            loss = self.support_criterion(self(shaving, context, params), modes)
            grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=not self.cfg.first_order)
            params = {name: p - self.cfg.inner_lr * g for (name, p), g in zip(params.items(), grads)}
        return params

    def meta_loss(self, task):
        fast = self.adapt(task["xs"], task["ys"], task["ctx"])
        return self.query_criterion(self(task["xq"], task["ctx"], fast), task["yq"])
