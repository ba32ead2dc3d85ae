"""Functional building blocks with explicit parameter lists (MAML fast weights)."""
import torch
import torch.nn.functional as F

BLOCKS = {}


def register(name):
    def deco(cls):
        BLOCKS[name] = cls
        return cls
    return deco


@register("dense")
class Dense:
    def __init__(self, in_dim, out_dim):
        self.in_dim, self.out_dim = in_dim, out_dim

    def init_params(self):
        w = torch.empty(self.out_dim, self.in_dim)
        torch.nn.init.kaiming_normal_(w)
        return [w, torch.zeros(self.out_dim)], self.out_dim

    def apply(self, x, params):
        return F.linear(x, params[0], params[1])


@register("gnorm")
class GNorm:
    def __init__(self, in_dim, groups):
        self.in_dim, self.groups = in_dim, groups

    def init_params(self):
        return [torch.ones(self.in_dim), torch.zeros(self.in_dim)], self.in_dim

    def apply(self, x, params):
        return F.group_norm(x, self.groups, params[0], params[1])


@register("act")
class Act:
    def __init__(self, in_dim, fn):
        self.in_dim = in_dim
        self.fn = getattr(F, fn) if hasattr(F, fn) else getattr(torch, fn)

    def init_params(self):
        return [], self.in_dim

    def apply(self, x, params):
        return self.fn(x)


@register("smooth")
class Smooth:
    """Histogram smoothing; used by the 24-bin ablation only."""

    def __init__(self, in_dim, k=3):
        self.in_dim, self.k = in_dim, k

    def init_params(self):
        return [], self.in_dim

    def apply(self, x, params):
        return F.avg_pool1d(x.unsqueeze(1), self.k, 1, self.k // 2).squeeze(1)
