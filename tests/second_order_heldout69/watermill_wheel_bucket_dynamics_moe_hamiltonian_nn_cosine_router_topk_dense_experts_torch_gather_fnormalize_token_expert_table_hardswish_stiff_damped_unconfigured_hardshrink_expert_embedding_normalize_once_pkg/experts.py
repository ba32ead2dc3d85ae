"""Expert energy networks, registered by name."""
import torch.nn as nn

EXPERTS = {}


def register(name):
    def deco(cls):
        EXPERTS[name] = cls
        return cls
    return deco


@register("smooth")
class SmoothExpert(nn.Module):
    def __init__(self, d, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
                                 nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x)


@register("stiff")
class StiffExpert(nn.Module):
    """Sharper energy landscape for the spill regime."""

    def __init__(self, d, hidden):
        super().__init__()
        self.fc1 = nn.Linear(d, hidden)
        self.act = nn.Hardswish()
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


@register("damped")
class DampedExpert(nn.Module):
    """Dead-zone energy for a braked wheel (used on the mill-race with sluice control)."""

    def __init__(self, d, hidden):
        super().__init__()
        self.fc1 = nn.Linear(d, hidden)
        self.dead = nn.Hardshrink(0.1)
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.fc2(self.dead(self.fc1(x)))


def build_experts(names, d, hidden):
    return nn.ModuleList(EXPERTS[n](d, hidden) for n in names)
