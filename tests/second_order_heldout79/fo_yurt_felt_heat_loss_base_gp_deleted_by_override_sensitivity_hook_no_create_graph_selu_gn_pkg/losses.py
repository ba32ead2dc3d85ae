"""Losses and hooks registered for the heat-loss regressor."""
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

from models import HOOKS, LOSSES

log = logging.getLogger("yurt.hooks")


@LOSSES.register_module(name="SmoothL1")
class SmoothL1(nn.Module):
    def __init__(self, beta=1.0):
        super().__init__()
        self.beta = beta

    def forward(self, pred, target):
        return F.smooth_l1_loss(pred, target, beta=self.beta)


@LOSSES.register_module()
class InputGradientPenalty(nn.Module):
    def __init__(self, loss_weight=0.1, create_graph=True):
        super().__init__()
        self.loss_weight, self.create_graph = loss_weight, create_graph

    def forward(self, model, x):
        x = x.detach().requires_grad_(True)
        (g,) = torch.autograd.grad(model(x).sum(), x, create_graph=self.create_graph)
        return self.loss_weight * g.pow(2).sum(1).mean()


@HOOKS.register_module()
class SensitivityHook:
    """Logs |d heat_loss / d input| per feature (no graph kept)."""

    def __init__(self, interval=10):
        self.interval = interval

    def after_train_iter(self, runner, x):
        if runner.iter % self.interval:
            return
        x = x.detach().requires_grad_(True)
        (g,) = torch.autograd.grad(runner.model(x).sum(), x)
        log.info("iter %d sensitivity %s", runner.iter, [round(v, 3) for v in g.abs().mean(0).tolist()])
