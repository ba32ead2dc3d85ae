"""Functional 1-D conv forecaster: parameters live in a dict, so unrolled updates stay differentiable."""
import math

import torch
import torch.nn.functional as F

ACTS = {
    "gelu_tanh": lambda h: F.gelu(h, approximate="tanh"),
    "elu": lambda h: F.elu(h, alpha=0.5),
    "silu": F.silu,
}


def init_params(cfg, gen):
    c = cfg.channels
    shapes = {
        "conv.w": (c, 1, 5), "conv.b": (c,),
        "hidden.w": (c, c * cfg.seq_len // 2), "hidden.b": (c,),
        "out.w": (cfg.horizon, c), "out.b": (cfg.horizon,),
    }
    params = {}
    for name, shp in shapes.items():
        if name.endswith(".b"):
            params[name] = torch.zeros(shp, requires_grad=True)
        else:
            fan_in = math.prod(shp[1:])
            params[name] = (torch.randn(shp, generator=gen) / math.sqrt(fan_in)).requires_grad_()
    return params


def forecast(params, x, cfg):
    act = ACTS[cfg.act]
    h = F.conv1d(x, params["conv.w"], params["conv.b"], padding=2, stride=2)
    h = act(h).flatten(1)
    h = act(F.linear(h, params["hidden.w"], params["hidden.b"]))
    return F.linear(h, params["out.w"], params["out.b"])
