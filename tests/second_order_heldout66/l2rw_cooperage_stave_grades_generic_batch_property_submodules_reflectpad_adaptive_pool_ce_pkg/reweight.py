"""One L2RW step: per-example weights from the gradient of the clean-set loss through a virtual SGD step."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

import torch
import torch.nn.functional as F
from torch.func import functional_call

T = TypeVar("T", bound=torch.Tensor)


@dataclass
class Batch(Generic[T]):
    x: T
    y: T

    def __iter__(self):
        yield self.x
        yield self.y


def example_weights(model, noisy: Batch[torch.Tensor], clean: Batch[torch.Tensor], inner_lr: float) -> torch.Tensor:
    params = dict(model.named_parameters())
    x, y = noisy
    eps = torch.zeros(y.size(0), requires_grad=True)
    per_example = F.cross_entropy(functional_call(model, params, (x,)), y, reduction="none")
    grads = torch.autograd.grad((eps * per_example).sum(), tuple(params.values()), create_graph=True)
    virtual = {k: p - inner_lr * g for (k, p), g in zip(params.items(), grads)}
    xc, yc = clean
    clean_loss = F.cross_entropy(functional_call(model, virtual, (xc,)), yc)
    (g_eps,) = torch.autograd.grad(clean_loss, eps)
    w = torch.clamp(-g_eps, min=0.0)
    return (w / w.sum()).detach() if w.sum() > 0 else torch.full_like(w, 1.0 / w.numel())


def weighted_step(model, opt, noisy: Batch[torch.Tensor], weights: torch.Tensor) -> float:
    x, y = noisy
    loss = (weights * F.cross_entropy(model(x), y, reduction="none")).sum()
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    return loss.item()
