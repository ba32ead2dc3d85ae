"""Sliced score matching for weathervane wind (direction, speed, gust) readings.

mmcv-like: a Registry with ``register_module`` decorators, the score network and the
loss are built from a python config dict; layer choices travel as ``act_cfg`` /
``norm_cfg`` dicts.
"""
import argparse
import inspect
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger("vane_ssm")


class Registry:
    def __init__(self, name, parent=None):
        self.name = name
        self._modules = {}

    def register_module(self, name=None, module=None):
        if module is not None:
            self._modules[name or module.__name__] = module
            return module

        def deco(cls):
            self._modules[name or cls.__name__] = cls
            return cls
        return deco

    def build(self, cfg, *args, **kwargs):
        cfg = dict(cfg)
        cls = self._modules[cfg.pop("type")]
        if inspect.isclass(cls):
            return cls(*args, **cfg, **kwargs)
        return cls(*args, **cfg, **kwargs)


MODELS = Registry("models")
LOSSES = Registry("losses")
ACTIVATION_LAYERS = Registry("act")
NORM_LAYERS = Registry("norm")

for _act in (nn.ReLU, nn.Tanh, nn.Softsign):
    ACTIVATION_LAYERS.register_module(module=_act)
ACTIVATION_LAYERS.register_module(name="PReLU", module=nn.PReLU)


@NORM_LAYERS.register_module(name="L2")
class L2NormLayer(nn.Module):
    def __init__(self, num_features, scale=4.0):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(float(scale)))

    def forward(self, x):
        return self.scale * F.normalize(x, dim=-1)


@NORM_LAYERS.register_module(name="LN")
class LNLayer(nn.LayerNorm):
    def __init__(self, num_features):
        super().__init__(num_features)


@MODELS.register_module()
class ScoreMLP(nn.Module):
    def __init__(self, in_dim, hidden=64, num_layers=3, act_cfg=dict(type="Tanh"), norm_cfg=None):
        super().__init__()
        layers = []
        dim = in_dim
        for i in range(num_layers):
            layers.append(nn.Linear(dim, hidden))
            if norm_cfg is not None and i == num_layers - 1:
                layers.append(NORM_LAYERS.build(norm_cfg, hidden))
            layers.append(ACTIVATION_LAYERS.build(act_cfg))
            dim = hidden
        self.trunk = nn.ModuleList(layers)
        self.out = nn.Linear(hidden, in_dim)

    def forward(self, x):
        h = x
        for layer in self.trunk:
            h = layer(h)
        return self.out(h)


@LOSSES.register_module()
class SlicedScoreMatchingLoss(nn.Module):
    def __init__(self, n_particles=1, loss_weight=1.0):
        super().__init__()
        self.n_particles = n_particles
        self.loss_weight = loss_weight

    def forward(self, score_net, x):
        x = x.repeat(self.n_particles, 1).requires_grad_(True)
        v = torch.randn_like(x)
        score = score_net(x)
        sv = (score * v).sum()
        (grad_sv,) = torch.autograd.grad(sv, x, create_graph=True)
        loss1 = 0.5 * ((score * v).sum(-1) ** 2)
        loss2 = (grad_sv * v).sum(-1)
        return self.loss_weight * (loss1 + loss2).mean()


@LOSSES.register_module()
class DenoisingScoreMatchingLoss(nn.Module):
    def __init__(self, sigma=0.1, loss_weight=1.0):
        super().__init__()
        self.sigma = sigma
        self.loss_weight = loss_weight

    def forward(self, score_net, x):
        noise = torch.randn_like(x) * self.sigma
        target = -noise / self.sigma ** 2
        return self.loss_weight * F.smooth_l1_loss(score_net(x + noise), target)


config = dict(
    model=dict(type="ScoreMLP", in_dim=4, hidden=48, num_layers=3,
               act_cfg=dict(type="PReLU"), norm_cfg=dict(type="L2", scale=4.0)),
    loss=dict(type="SlicedScoreMatchingLoss", n_particles=2),
    optimizer=dict(lr=1e-3),
    total_iters=5,
)


def load_vane_readings(n):
    """Direction as a unit (cos, sin) pair, then log-speed and gust factor."""
    theta = torch.randn(n) * 0.6 + math.pi / 4
    direction = F.normalize(torch.stack([torch.cos(theta), torch.sin(theta)], dim=1) + 0.05 * torch.randn(n, 2), dim=1)
    speed = torch.randn(n, 1) * 0.3 + 1.0
    gust = speed * 0.4 + 0.1 * torch.randn(n, 1)
    return torch.cat([direction, speed, gust], dim=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=config["total_iters"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    data = load_vane_readings(256)
    model = MODELS.build(config["model"])
    criterion = LOSSES.build(config["loss"])
    optim = torch.optim.Adam(model.parameters(), **config["optimizer"])
    for it in range(args.iters):
        batch = data[torch.randint(0, len(data), (64,))]
        loss = criterion(model, batch)
        optim.zero_grad()
        loss.backward()
        assert model.trunk[0].weight.grad is not None
        optim.step()
        logger.info("iter %d ssm %.4f", it, loss.item())


if __name__ == "__main__":
    main()
