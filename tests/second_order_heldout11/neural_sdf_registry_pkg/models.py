import torch
import torch.nn as nn
import torch.nn.functional as F

ACTS = {
    "softplus": lambda: nn.Softplus(beta=100),
    "relu6": nn.ReLU6,
    "hswish": nn.Hardswish,
    "silu": nn.SiLU,
}

FIELDS = {}


def register(name):
    def deco(cls):
        FIELDS[name] = cls
        return cls
    return deco


class SkipMLP(nn.Module):
    def __init__(self, d_in, d_out, hidden, layers, skip_in, act):
        super().__init__()
        self.skip_in = set(skip_in)
        self.lins = nn.ModuleList()
        d = d_in
        for i in range(layers):
            nxt = hidden - d_in if (i + 1) in self.skip_in else hidden
            self.lins.append(nn.Linear(d, nxt))
            d = hidden
        self.last = nn.Linear(hidden, d_out)
        self.act = ACTS[act]()

    def forward(self, x):
        h = x
        for i, lin in enumerate(self.lins):
            if i in self.skip_in:
                h = torch.cat([h, x], -1) / 2 ** 0.5
            h = self.act(lin(h))
        return self.last(h)


@register("sdf_mlp")
class SDFField(SkipMLP):
    def __init__(self, cfg, feat=8):
        super().__init__(3, 1 + feat, cfg.hidden, cfg.layers, cfg.skip_in, cfg.act)
        self.color = nn.Sequential(nn.Linear(feat + 3, 32), ACTS[cfg.color_act](), nn.Linear(32, 3))

    def forward(self, x):
        out = super().forward(x)
        return out[..., :1], out[..., 1:]

    def sdf(self, x):
        return self.forward(x)[0]

    def radiance(self, x, feat):
        return torch.sigmoid(self.color(torch.cat([feat, x], -1)))


def build_field(cfg):
    return FIELDS[cfg.arch](cfg)


class Replicated(nn.Module):
    """Stand-in for DistributedDataParallel: keeps the wrapped model in .module."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *a, **kw):
        return self.module(*a, **kw)
