"""Dynamics ensemble member and a reward head for the skycam rig."""
import torch
import torch.nn as nn


class DynamicsMember(nn.Module):
    """Predicts the state delta from (s, a)."""

    def __init__(self, obs_dim, act_dim, hidden, groups, act):
        super().__init__()
        self.inp = nn.Linear(obs_dim + act_dim, hidden)
        self.gn = nn.GroupNorm(groups, hidden)
        self.act = getattr(nn, act)()
        self.hid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, obs_dim)

    def forward(self, s, a):
        h = self.act(self.gn(self.inp(torch.cat([s, a], dim=-1))))
        h = self.act(self.hid(h))
        return s + self.out(h)


class RewardHead(nn.Module):
    """Learned reward r(s') for tracking the camera target; trained by plain regression."""

    def __init__(self, obs_dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Softshrink(0.1), nn.Linear(hidden, 1))

    def forward(self, s):
        return self.net(s).squeeze(-1)


class Ensemble(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.members = nn.ModuleList(
            DynamicsMember(cfg.obs_dim, cfg.act_dim, cfg.hidden, cfg.groups, cfg.act) for _ in range(cfg.ensemble))

    def forward(self, s, a, idx=None):
        if idx is not None:
            return self.members[idx](s, a)
        return torch.stack([m(s, a) for m in self.members]).mean(0)
