"""Training callbacks: best-state keeper, per-sample gradient-norm log, curvature report."""
import copy

import torch
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


class BestState:
    def __init__(self):
        self.best, self.state = float("inf"), None

    def on_step_end(self, trainer, logs):
        if logs["loss"] < self.best:
            self.best, self.state = logs["loss"], copy.deepcopy(trainer.model.state_dict())


class PerSampleGradLog:
    """Flags suspicious tape segments by their per-sample gradient norm (first order, detached)."""

    def __init__(self):
        self.norms = []

    def on_step_end(self, trainer, logs):
        model = trainer.model
        params = {k: v.detach() for k, v in model.named_parameters()}
        buffers = {k: v.detach() for k, v in model.named_buffers()}

        def sample_loss(p, x, y):
            pred = functional_call(model, (p, buffers), (x.unsqueeze(0),))
            return F.smooth_l1_loss(pred, y.unsqueeze(0))

        model.eval()
        per_sample = vmap(grad(sample_loss), in_dims=(None, 0, 0))(params, *logs["batch"])
        model.train()
        with torch.no_grad():
            sq = sum(g.flatten(1).pow(2).sum(1) for g in per_sample.values())
        self.norms.append(sq.sqrt())


class CurvatureReport:
    """Hessian-vector product along the update direction (expensive; enabled by curvature_every > 0)."""

    def __init__(self, every):
        self.every = every

    def on_step_end(self, trainer, logs):
        if trainer.step_idx % self.every:
            return
        names, params = zip(*[(k, v.detach()) for k, v in trainer.model.named_parameters()])
        x, y = logs["batch"]

        def loss_fn(*ps):
            pred = functional_call(trainer.model, dict(zip(names, ps)), (x,))
            return F.smooth_l1_loss(pred, y)

        v = tuple(torch.randn_like(p) for p in params)
        _, hv = torch.autograd.functional.hvp(loss_fn, params, v)
        print("curvature v'Hv =", sum((a * b).sum() for a, b in zip(v, hv)).item())


def build_callbacks(cfg):
    cbs = []
    if cfg["best_state"]:
        cbs.append(BestState())
    if cfg["per_sample_grad_log"]:
        cbs.append(PerSampleGradLog())
    if cfg["curvature_every"] > 0:
        cbs.append(CurvatureReport(cfg["curvature_every"]))
    return cbs
