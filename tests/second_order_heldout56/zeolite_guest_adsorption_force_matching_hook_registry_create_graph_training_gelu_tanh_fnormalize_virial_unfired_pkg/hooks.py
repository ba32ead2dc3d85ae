"""Named hook points of the trainer; functions register themselves with @HOOKS.register(point)."""
from collections import defaultdict

import torch
import torch.nn.functional as F

import config


class HookRegistry:
    def __init__(self):
        self._hooks = defaultdict(list)

    def register(self, point):
        def deco(fn):
            self._hooks[point].append(fn)
            return fn
        return deco

    def run(self, point, **ctx):
        return [r for r in (fn(**ctx) for fn in self._hooks[point]) if r is not None]


HOOKS = HookRegistry()


@HOOKS.register("after_forward")
def force_matching(module, batch, out):
    """F = -dE/dx; the graph is kept while training so the force loss can be backpropagated."""
    (dE,) = torch.autograd.grad(out["energy"].sum(), batch["pos"], create_graph=module.training)
    out["forces"] = -dE
    return {"forces": config.FORCE_WEIGHT * F.smooth_l1_loss(-dE, batch["forces"], beta=0.5)}


@HOOKS.register("after_backward")
def clip_and_log(module, log):
    log["grad_norm"] = float(torch.nn.utils.clip_grad_norm_(module.parameters(), config.CLIP_NORM))


@HOOKS.register("on_validation")
def virial_stress(module, batch, out):
    """Virial trace from the position gradient; only fired from the validation loop."""
    pos = batch["pos"]
    (dE,) = torch.autograd.grad(out["energy"].sum(), pos, create_graph=True)
    virial = torch.einsum("bni,bnj->bij", pos, dE)
    return {"virial_trace": torch.stack([torch.trace(v) for v in virial]).abs().mean()}
