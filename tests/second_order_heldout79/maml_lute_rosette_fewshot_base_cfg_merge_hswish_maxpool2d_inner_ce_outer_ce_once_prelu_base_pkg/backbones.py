"""Backbone / head registry for the few-shot lute-rosette classifier."""
import torch.nn as nn


class Registry:
    def __init__(self, name):
        self.name = name
        self.modules = {}

    def register_module(self, name=None, module=None):
        if module is not None:
            self.modules[name or module.__name__] = module
            return module

        def wrap(cls):
            self.modules[name or cls.__name__] = cls
            return cls
        return wrap

    def build(self, cfg, **kwargs):
        cfg = dict(cfg)
        return self.modules[cfg.pop("type")](**cfg, **kwargs)


BACKBONES = Registry("backbone")
HEADS = Registry("head")
LAYERS = Registry("layer")

LAYERS.register_module("PReLU", nn.PReLU)
LAYERS.register_module("Hardswish", nn.Hardswish)
LAYERS.register_module("ReLU", nn.ReLU)
LAYERS.register_module("AvgPool2d", nn.AvgPool2d)
LAYERS.register_module("MaxPool2d", nn.MaxPool2d)
LAYERS.register_module("BN", nn.BatchNorm2d)


class ConvBlock(nn.Module):
    def __init__(self, cin, cout, norm_cfg, act_cfg, pool_cfg):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        norm_cfg = dict(norm_cfg, track_running_stats=False)
        self.norm = LAYERS.build(norm_cfg, num_features=cout)
        self.act = LAYERS.build(act_cfg)
        self.pool = LAYERS.build(pool_cfg)

    def forward(self, x):
        return self.pool(self.act(self.norm(self.conv(x))))


@BACKBONES.register_module()
class Conv4(nn.Module):
    def __init__(self, channels=16, depth=3, norm_cfg=dict(type="BN"), act_cfg=dict(type="ReLU"),
                 pool_cfg=dict(type="MaxPool2d", kernel_size=2)):
        super().__init__()
        self.blocks = nn.Sequential(*[ConvBlock(3 if i == 0 else channels, channels, norm_cfg, act_cfg, pool_cfg)
                                      for i in range(depth)])
        self.out_channels = channels

    def forward(self, x):
        return self.blocks(x).flatten(1)


@HEADS.register_module()
class LinearHead(nn.Module):
    def __init__(self, in_channels, num_ways):
        super().__init__()
        self.fc = nn.Linear(in_channels, num_ways)

    def forward(self, feats):
        return self.fc(feats)
