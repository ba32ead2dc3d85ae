"""Icing-risk network with a step-scheduled activation and a GLU feature gate."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ScheduledActivation(nn.Module):
    """ReLU6 for the first ``warmup_steps`` optimisation steps, tanh-GELU afterwards."""

    def __init__(self, warmup_steps):
        super().__init__()
        self.warmup_steps = warmup_steps
        self.register_buffer("step", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        if int(self.step) < self.warmup_steps:
            return F.relu6(x)
        return F.gelu(x, approximate="tanh")


class IcingRiskNet(nn.Module):
    def __init__(self, n_features, hidden, act_warmup_steps):
        super().__init__()
        self.gate = nn.Linear(n_features, n_features)
        self.glu = nn.GLU(dim=-1)
        self.fc1 = nn.Linear(n_features, hidden)
        self.act = ScheduledActivation(act_warmup_steps)
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def set_step(self, step):
        self.act.step.fill_(step)

    def forward(self, x):
        x = self.glu(torch.cat([x, self.gate(x)], dim=-1))
        h = self.act(self.fc1(x))
        h = self.act(self.fc2(h)) + h
        return self.out(h).squeeze(-1)
