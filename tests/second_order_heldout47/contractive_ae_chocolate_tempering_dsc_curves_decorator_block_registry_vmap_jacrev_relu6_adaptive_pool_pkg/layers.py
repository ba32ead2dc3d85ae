"""Block registry: each builder is registered by name and called as BLOCKS[name](cin, cout, cfg)."""
import torch.nn as nn

BLOCKS = {}


def register(name):
    def deco(builder):
        BLOCKS[name] = builder
        return builder
    return deco


@register("conv_relu6")
def conv_relu6(cin, cout, cfg):
    return nn.Sequential(nn.Conv1d(cin, cout, kernel_size=5, padding=2), nn.ReLU6())


@register("adaptive_pool")
def adaptive_pool(cin, cout, cfg):
    return nn.AdaptiveAvgPool1d(cfg["pool_size"])


@register("upsample")
def upsample(cin, cout, cfg):
    return nn.Upsample(size=cfg["curve_len"], mode="nearest")


@register("conv_prelu")
def conv_prelu(cin, cout, cfg):
    return nn.Sequential(nn.Conv1d(cin, cout, kernel_size=5, padding=2), nn.PReLU(cout), nn.Conv1d(cout, 1, 1))
