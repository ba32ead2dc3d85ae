"""Branch / trunk networks of the DeepONet, built from the nested config by a small factory."""
import torch
import torch.nn as nn

TRUNK_ACTS = {"Hardswish": nn.Hardswish, "Tanh": nn.Tanh, "SiLU": nn.SiLU}


class BranchNet(nn.Module):
    """1-D CNN over the discretised log-permeability field m(x)."""

    def __init__(self, channels, kernel, act, pool_to, latent):
        super().__init__()
        blocks = []
        for c_in, c_out in zip(channels[:-1], channels[1:]):
            blocks += [nn.ReflectionPad1d(kernel // 2), nn.Conv1d(c_in, c_out, kernel), getattr(nn, act)()]
        self.features = nn.Sequential(*blocks)
        self.pool = nn.AdaptiveAvgPool1d(pool_to)
        self.head = nn.Linear(channels[-1] * pool_to, latent)

    def forward(self, m):
        h = self.features(m.unsqueeze(1))
        return self.head(self.pool(h).flatten(1))


class TrunkNet(nn.Module):
    """MLP over the well coordinate."""

    def __init__(self, hidden, act, latent):
        super().__init__()
        dims = [1] + list(hidden)
        layers = []
        for a, b in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(a, b), TRUNK_ACTS[act]()]
        layers.append(nn.Linear(dims[-1], latent))
        self.net = nn.Sequential(*layers)

    def forward(self, y):
        return self.net(y)


class DeepONet(nn.Module):
    def __init__(self, branch, trunk):
        super().__init__()
        self.branch, self.trunk = branch, trunk
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, m, y):
        b = self.branch(m)                     # B, p
        t = self.trunk(y)                      # P, p
        return (b.unsqueeze(1) * t.unsqueeze(0)).sum(-1) + self.bias


BUILDERS = {"branch": BranchNet, "trunk": TrunkNet}


def build(cfg):
    parts = {name: BUILDERS[name](**cfg[name]) for name in ("branch", "trunk")}
    return DeepONet(parts["branch"], parts["trunk"])
