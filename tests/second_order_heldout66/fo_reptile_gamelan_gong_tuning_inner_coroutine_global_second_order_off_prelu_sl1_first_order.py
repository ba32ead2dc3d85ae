"""Few-shot prediction of gamelan gong partials (pitch of the first three modes, scaled) from hammering maps.

Each task is one gong of a set (pelog / slendro tuning); a smith adjusts the boss by hammering at a few positions.
Meta-learning is Reptile: the inner loop is a generator fed task batches through ``send()``, the meta update moves
the initial weights toward the adapted ones. A module-level ``SECOND_ORDER`` switch (toggled by a context
manager) decides whether the inner gradients keep their graph; the MAML outer step exists for comparison runs.
"""
from __future__ import annotations

import argparse
import contextlib
import copy
import logging
from functools import cached_property

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("gong_reptile")
SECOND_ORDER = False


@contextlib.contextmanager
def second_order(enabled: bool):
    global SECOND_ORDER
    previous, SECOND_ORDER = SECOND_ORDER, enabled
    try:
        yield
    finally:
        SECOND_ORDER = previous


class GongNet(nn.Module):
    def __init__(self, width: int = 32):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(4, width),
            nn.PReLU(width),
            nn.Linear(width, width),
            nn.PReLU(width),
            nn.Linear(width, 3),
        )

    def forward(self, x):
        return self.body(x)


class TaskLoss:
    def __init__(self, spec: dict):
        self.spec = spec

    @cached_property
    def fn(self):
        match self.spec:
            case {"kind": "smooth_l1", "beta": beta}:
                return lambda pred, target: F.smooth_l1_loss(pred, target, beta=beta)
            case {"kind": "mse"}:
                return F.mse_loss
        raise ValueError(self.spec)

    def __call__(self, pred, target):
        return self.fn(pred, target)


def inner_loop(model: nn.Module, loss_fn: TaskLoss, lr: float):
    """Coroutine: send((x, y)) performs one SGD step on `model` in place and yields the loss value."""
    loss_value = None
    while True:
        batch = yield loss_value
        if batch is None:
            return
        x, y = batch
        loss = loss_fn(model(x), y)
        grads = torch.autograd.grad(loss, tuple(model.parameters()), create_graph=SECOND_ORDER)
        with torch.no_grad():
            for p, g in zip(model.parameters(), grads):
                p.sub_(lr * g)
        loss_value = loss.item()


def maml_outer_grad(model, loss_fn, task, lr):
    """Exact MAML meta-gradient (used in ablations only)."""
    with second_order(True):
        params = tuple(model.parameters())
        loss = loss_fn(model(task["xs"]), task["ys"])
        grads = torch.autograd.grad(loss, params, create_graph=SECOND_ORDER)
        fast = [p - lr * g for p, g in zip(params, grads)]
        return fast


def sample_gong(gen: torch.Generator, n: int = 20) -> dict:
    thickness = 0.8 + 0.4 * torch.rand(1, generator=gen)
    boss = 0.5 + torch.rand(1, generator=gen)
    hits = torch.rand(n, 4, generator=gen)
    base = torch.tensor([1.0, 1.52, 2.31]) * thickness
    partials = base * (1 + 0.2 * boss * hits[:, :1] - 0.1 * hits[:, 1:2]) + 0.05 * hits[:, 2:3] * torch.tensor([0.0, 1.0, 2.0])
    partials = partials + 0.01 * torch.randn(n, 3, generator=gen)
    return {"xs": hits[:10], "ys": partials[:10], "xq": hits[10:], "yq": partials[10:]}


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--meta-iters", type=int, default=6)
    parser.add_argument("--inner-steps", type=int, default=3)
    parser.add_argument("--algorithm", choices=["reptile", "maml"], default="reptile")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(8)

    model = GongNet()
    loss_fn = TaskLoss({"kind": "smooth_l1", "beta": 0.1})
    meta_step = 0.3
    for it in range(args.meta_iters):
        task = sample_gong(gen)
        match args.algorithm:
            case "reptile":
                fast = copy.deepcopy(model)
                steps = inner_loop(fast, loss_fn, lr=0.05)
                next(steps)
                for _ in range(args.inner_steps):
                    last = steps.send((task["xs"], task["ys"]))
                steps.close()
                with torch.no_grad():
                    for p, q in zip(model.parameters(), fast.parameters()):
                        p.add_(meta_step * (q - p))
                    query = loss_fn(fast(task["xq"]), task["yq"]).item()
            case "maml":
                raise NotImplementedError("ablation runs use the lab's maml branch; see maml_outer_grad")
        log.info("iter %d support %.4f query %.4f", it, last, query)
    assert not SECOND_ORDER


if __name__ == "__main__":
    main()
