import torch
import torch.nn as nn

ACT_FACTORY = {
    "softplus": lambda: nn.Softplus(beta=2.0),
    "celu": lambda: nn.CELU(alpha=0.5),
    "prelu": lambda: nn.PReLU(init=0.1),
}


class Standardize(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("mean", torch.zeros(dim))
        self.register_buffer("scale", torch.ones(dim))

    def forward(self, x):
        return (x - self.mean) / self.scale


class Potential(nn.Module):
    """Scalar potential phi; the transport map is T(x) = grad phi(x) (Brenier)."""

    def __init__(self, cfg):
        super().__init__()
        self.norm = Standardize(cfg.dim)
        layers, d = [], cfg.dim
        for _ in range(cfg.depth):
            layers += [nn.Linear(d, cfg.hidden), ACT_FACTORY[cfg.act]()]
            d = cfg.hidden
        self.trunk = nn.Sequential(*layers)
        self.out = nn.Linear(d, 1)

    def potential(self, x):
        return self.out(self.trunk(self.norm(x))).squeeze(-1) + 0.5 * (x * x).sum(-1)

    def forward(self, x):
        return self.potential(x)


class Replica(nn.Module):
    """Single-process stand-in for DistributedDataParallel: the wrapped model is `.module`."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *a, **kw):
        return self.module(*a, **kw)
