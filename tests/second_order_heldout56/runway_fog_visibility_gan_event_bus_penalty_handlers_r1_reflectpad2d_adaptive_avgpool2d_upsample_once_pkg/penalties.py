"""A tiny event bus; discriminator penalties subscribe to the "penalty" event by decorator."""
from collections import defaultdict

import torch
import torch.nn.functional as F

from config import CFG


class EventBus:
    def __init__(self):
        self._handlers = defaultdict(list)

    def on(self, event, name=None):
        def register(fn):
            self._handlers[event].append((name or fn.__name__, fn))
            return fn
        return register

    def emit(self, event, enabled=None, **payload):
        out = {}
        for name, fn in self._handlers[event]:
            if enabled is not None and name not in enabled:
                continue
            res = fn(**payload)
            if res is not None:
                out[name] = res
        return out


bus = EventBus()


@bus.on("penalty", name="r1")
def r1_penalty(disc, past, real_future, step, **_):
    if step % CFG.r1_every:
        return None
    real = real_future.detach().requires_grad_(True)
    score = disc(past, real)
    (g,) = torch.autograd.grad(score.sum(), real, create_graph=True)
    return CFG.r1_every * 0.5 * CFG.r1_gamma * g.pow(2).flatten(1).sum(1).mean()


@bus.on("penalty", name="drift")
def logit_drift(real_logits, **_):
    return 1e-3 * real_logits.pow(2).mean()


@bus.on("penalty", name="fake_gp")
def smoothed_fake_gradient_penalty(disc, past, fake_future, **_):
    fake = fake_future.detach().requires_grad_(True)
    score = disc(past, F.avg_pool2d(fake, 3, stride=1, padding=1))
    (g,) = torch.autograd.grad(score.sum(), fake, create_graph=True)
    return 10.0 * (g.flatten(1).norm(dim=1) - 1).pow(2).mean()


@bus.on("step_end")
def log_step(step, d_loss, g_loss, pens, **_):
    print(f"step {step} D {d_loss:.4f} G {g_loss:.4f}", {k: round(v.item(), 5) for k, v in pens.items()})
