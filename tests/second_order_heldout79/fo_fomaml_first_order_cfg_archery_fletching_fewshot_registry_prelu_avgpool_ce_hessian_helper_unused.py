"""First-order MAML (FOMAML) for few-shot archery-arrow fletching defect photos, mmfewshot-style.

The meta-learner is built from a config whose ``first_order=True`` selects the first-order
approximation: the inner-loop gradients are taken without ``create_graph`` and detached.
A ``hessian_vector_product`` helper exists for the second-order variant but this config
never calls it.
"""
import argparse
import copy
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

logger = logging.getLogger("fletching")


class Registry(dict):
    def register_module(self, name=None):
        def deco(cls):
            self[name or cls.__name__] = cls
            return cls
        return deco

    def build(self, cfg, **kwargs):
        cfg = copy.deepcopy(cfg)
        return self[cfg.pop("type")](**cfg, **kwargs)


BACKBONES = Registry()
CLASSIFIERS = Registry()
LAYERS = Registry()
LAYERS["PReLU"] = nn.PReLU
LAYERS["ReLU"] = nn.ReLU
LAYERS["AvgPool2d"] = nn.AvgPool2d
LAYERS["MaxPool2d"] = nn.MaxPool2d


@BACKBONES.register_module()
class Conv4(nn.Module):
    def __init__(self, channels=16, act_cfg=dict(type="ReLU"), pool_cfg=dict(type="MaxPool2d", kernel_size=2)):
        super().__init__()
        blocks, cin = [], 3
        for _ in range(3):
            blocks += [nn.Conv2d(cin, channels, 3, padding=1), nn.BatchNorm2d(channels, track_running_stats=False),
                       LAYERS.build(act_cfg), LAYERS.build(pool_cfg)]
            cin = channels
        self.layers = nn.Sequential(*blocks)
        self.out_channels = channels

    def forward(self, x):
        return self.layers(x).flatten(1)


def hessian_vector_product(loss, params, vec):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    return torch.autograd.grad(grads, params, grad_outputs=vec)


@CLASSIFIERS.register_module()
class MAMLClassifier(nn.Module):
    def __init__(self, backbone, num_ways=3, inner_lr=0.4, num_inner_steps=2, first_order=False):
        super().__init__()
        self.backbone = BACKBONES.build(backbone)
        self.head = nn.Linear(self.backbone.out_channels * 4, num_ways)
        self.inner_lr, self.num_inner_steps, self.first_order = inner_lr, num_inner_steps, first_order

    def forward_with(self, params, x):
        return functional_call(self, params, (x,))

    def forward(self, x):
        return self.head(self.backbone(x))

    def adapt(self, support_x, support_y):
        params = dict(self.named_parameters())
        for _ in range(self.num_inner_steps):
            loss = F.cross_entropy(self.forward_with(params, support_x), support_y)
            grads = torch.autograd.grad(loss, list(params.values()), create_graph=not self.first_order)
            if self.first_order:
                grads = [g.detach() for g in grads]
            params = {k: p - self.inner_lr * g for (k, p), g in zip(params.items(), grads)}
        return params

    def meta_loss(self, task):
        sx, sy, qx, qy = task
        fast = self.adapt(sx, sy)
        return F.cross_entropy(self.forward_with(fast, qx), qy)


cfg = dict(
    model=dict(type="MAMLClassifier", num_ways=3, inner_lr=0.4, num_inner_steps=2, first_order=True,
               backbone=dict(type="Conv4", channels=16, act_cfg=dict(type="PReLU"),
                             pool_cfg=dict(type="AvgPool2d", kernel_size=2))),
    meta_batch_size=2,
    optimizer=dict(lr=1e-3),
)


def sample_task(ways=3, shots=2, queries=3):
    protos = torch.randn(ways, 3, 1, 1)
    def draw(n):
        y = torch.arange(ways).repeat_interleave(n)
        return protos[y] + 0.5 * torch.randn(len(y), 3, 16, 16), y
    sx, sy = draw(shots)
    qx, qy = draw(queries)
    return sx, sy, qx, qy


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    model = CLASSIFIERS.build(cfg["model"])
    opt = torch.optim.Adam(model.parameters(), **cfg["optimizer"])
    for it in range(args.iters):
        loss = sum(model.meta_loss(sample_task()) for _ in range(cfg["meta_batch_size"])) / cfg["meta_batch_size"]
        opt.zero_grad()
        loss.backward()
        opt.step()
        logger.info("iter %d meta-loss %.4f", it, loss.item())


if __name__ == "__main__":
    main()
