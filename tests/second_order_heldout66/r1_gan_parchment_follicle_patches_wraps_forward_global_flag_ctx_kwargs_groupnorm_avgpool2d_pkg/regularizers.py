"""R1 regularisation plumbing: a module-level switch, a decorator around forward, and the penalty itself."""
from __future__ import annotations

import contextlib
import functools

import torch

_WATCH_INPUTS = False


@contextlib.contextmanager
def r1_mode(enabled: bool = True):
    """While active, decorated forwards return (scores, watched_inputs) with inputs marked for grad."""
    global _WATCH_INPUTS
    previous, _WATCH_INPUTS = _WATCH_INPUTS, enabled
    try:
        yield
    finally:
        _WATCH_INPUTS = previous


def watch_inputs(forward):
    @functools.wraps(forward)
    def wrapper(self, images, *args, **kwargs):
        if not _WATCH_INPUTS:
            return forward(self, images, *args, **kwargs)
        images = images.detach().requires_grad_(True)
        return forward(self, images, *args, **kwargs), images
    return wrapper


def r1_penalty(scores: torch.Tensor, images: torch.Tensor, gamma: float) -> torch.Tensor:
    (grad,) = torch.autograd.grad(scores.sum(), images, create_graph=True)
    return 0.5 * gamma * grad.pow(2).flatten(1).sum(1).mean()
