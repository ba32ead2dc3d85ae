import torch
import torch.nn as nn
import torch.nn.functional as F

NETS = {}


def register_net(name):
    def wrap(cls):
        NETS[name] = cls
        return cls
    return wrap


class Lambda(nn.Module):
    def __init__(self, fn):
        super(Lambda, self).__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x)


@register_net("plain_mlp")
class PlainMLP(nn.Module):
    def __init__(self, widths, act, act_kwargs):
        super(PlainMLP, self).__init__()
        layers = []
        for a, b in zip(widths[:-2], widths[1:-1]):
            layers += [nn.Linear(a, b), nn.SELU()]
        self.body = nn.Sequential(*layers, nn.Linear(widths[-2], widths[-1]))

    def forward(self, X):
        return self.body(X)


@register_net("gated_mlp")
class GatedMLP(nn.Module):
    """Temperature field T(x, t); hidden layers and activations are added in a loop."""

    def __init__(self, widths, act, act_kwargs):
        super(GatedMLP, self).__init__()
        self.depth = len(widths) - 2
        for i in range(self.depth):
            self.add_module("fc%d" % i, nn.Linear(widths[i], widths[i + 1]))
            self.add_module("act%d" % i, getattr(nn, act)(**act_kwargs))
        self.gate = nn.Linear(widths[0], widths[-2])
        self.out = nn.Linear(widths[-2], widths[-1])

    def forward(self, X):
        h = X
        for i in range(self.depth):
            h = getattr(self, "act%d" % i)(getattr(self, "fc%d" % i)(h))
        return self.out(h * torch.sigmoid(self.gate(X)))


class FrontNet(nn.Module):
    """Front position s(t) = s0 + softplus(g(t)) - softplus(g(0)) keeps s(0) = s0."""

    def __init__(self, hidden, s0):
        super(FrontNet, self).__init__()
        self.g = nn.Sequential(nn.Linear(1, hidden), Lambda(F.elu), nn.Linear(hidden, 1))
        self.s0 = nn.Parameter(torch.tensor(float(s0)), requires_grad=False)

    def forward(self, t):
        return self.s0 + F.softplus(self.g(t)) - F.softplus(self.g(torch.zeros_like(t)))


def build(cfg):
    c = cfg["net"]
    return NETS[c["name"]](c["widths"], c["act"], c["act_kwargs"])
