"""A trimmed mmcv-like registry with the layer builders used by the models."""
import copy

import torch.nn as nn


class Registry:
    def __init__(self, name):
        self._name = name
        self._module_dict = {}

    def __contains__(self, key):
        return key in self._module_dict

    def _register(self, module, name=None):
        self._module_dict[name or module.__name__] = module

    def register_module(self, name=None, module=None):
        if module is not None:
            self._register(module, name)
            return module

        def _decorator(cls):
            self._register(cls, name)
            return cls
        return _decorator

    def build(self, cfg, **default_args):
        return build_from_cfg(cfg, self, default_args)


def build_from_cfg(cfg, registry, default_args=None):
    args = copy.deepcopy(cfg)
    if default_args:
        for k, v in default_args.items():
            args.setdefault(k, v)
    obj_type = args.pop("type")
    if obj_type not in registry:
        raise KeyError(f"{obj_type} is not in the {registry._name} registry")
    return registry._module_dict[obj_type](**args)


MODELS = Registry("model")
LOSSES = Registry("loss")
ACTIVATION_LAYERS = Registry("activation layer")
NORM_LAYERS = Registry("norm layer")
POOLING_LAYERS = Registry("pooling layer")

ACTIVATION_LAYERS.register_module("ReLU", module=nn.ReLU)
ACTIVATION_LAYERS.register_module("ReLU6", module=nn.ReLU6)
ACTIVATION_LAYERS.register_module("Hardswish", module=nn.Hardswish)
ACTIVATION_LAYERS.register_module("LeakyReLU", module=nn.LeakyReLU)
NORM_LAYERS.register_module("BN", module=nn.BatchNorm1d)
NORM_LAYERS.register_module("GN", module=nn.GroupNorm)
POOLING_LAYERS.register_module("GAP", module=nn.AdaptiveAvgPool1d)
POOLING_LAYERS.register_module("GMP", module=nn.AdaptiveMaxPool1d)


def build_activation_layer(cfg):
    return build_from_cfg(cfg, ACTIVATION_LAYERS)


def build_norm_layer(cfg, num_features):
    cfg = copy.deepcopy(cfg)
    if cfg["type"] == "GN":
        cfg.setdefault("num_channels", num_features)
    else:
        cfg.setdefault("num_features", num_features)
    return build_from_cfg(cfg, NORM_LAYERS)


def build_pooling_layer(cfg):
    return POOLING_LAYERS.build(cfg)
