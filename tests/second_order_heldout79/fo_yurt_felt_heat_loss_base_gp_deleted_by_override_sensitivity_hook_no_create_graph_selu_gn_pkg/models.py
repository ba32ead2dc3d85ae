"""Registries and the regressor."""
import torch.nn as nn


class Registry:
    def __init__(self, name):
        self.name, self._dict = name, {}

    def register_module(self, name=None, module=None):
        def reg(obj):
            self._dict[name or obj.__name__] = obj
            return obj
        return reg(module) if module is not None else reg

    def build(self, cfg, **kw):
        cfg = dict(cfg)
        return self._dict[cfg.pop("type")](**cfg, **kw)

    def get(self, key):
        return self._dict.get(key)


MODELS = Registry("models")
LOSSES = Registry("losses")
HOOKS = Registry("hooks")
ACT = Registry("act")
NORM = Registry("norm")
ACT.register_module("SELU", nn.SELU)
ACT.register_module("ReLU", nn.ReLU)
NORM.register_module("GN", nn.GroupNorm)
NORM.register_module("LN", nn.LayerNorm)


@MODELS.register_module()
class FeltWallRegressor(nn.Module):
    def __init__(self, in_dim, hidden, act_cfg, norm_cfg):
        super().__init__()
        layers, d = [], in_dim
        for h in hidden:
            norm = NORM.build(norm_cfg, num_channels=h) if norm_cfg["type"] == "GN" else NORM.build(norm_cfg, normalized_shape=h)
            layers += [nn.Linear(d, h), norm, ACT.build(act_cfg)]
            d = h
        self.body = nn.Sequential(*layers)
        self.out = nn.Linear(d, 1)

    def forward(self, x):
        return self.out(self.body(x)).squeeze(-1)
