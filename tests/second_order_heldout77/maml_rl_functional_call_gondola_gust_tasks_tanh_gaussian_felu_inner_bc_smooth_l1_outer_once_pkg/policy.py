"""Tanh-squashed Gaussian policy; forward(obs, act) scores actions so functional_call can run it."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal


class GondolaPolicy(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden, log_std_bounds):
        super().__init__()
        self.trunk1 = nn.Linear(obs_dim, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.trunk2 = nn.Linear(hidden, hidden)
        self.mu = nn.Linear(hidden, act_dim)
        self.log_std = nn.Linear(hidden, act_dim)
        self.lo, self.hi = log_std_bounds

    def heads(self, obs):
        h = F.elu(self.norm(self.trunk1(obs)))
        h = torch.tanh(self.trunk2(h))
        log_std = torch.clamp(self.log_std(h), self.lo, self.hi)
        return self.mu(h), log_std

    def forward(self, obs, squashed_act):
        mu, log_std = self.heads(obs)
        pre = torch.atanh(squashed_act.clamp(-0.999, 0.999))
        base = Normal(mu, log_std.exp())
        corr = 2 * (math.log(2) - pre - F.softplus(-2 * pre))
        return (base.log_prob(pre) - corr).sum(-1), torch.tanh(mu)

    @torch.no_grad()
    def act(self, obs):
        mu, log_std = self.heads(obs)
        return torch.tanh(mu + log_std.exp() * torch.randn_like(mu))
