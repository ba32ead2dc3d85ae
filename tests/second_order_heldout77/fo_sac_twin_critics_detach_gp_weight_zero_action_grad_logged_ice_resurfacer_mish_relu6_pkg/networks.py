"""Actor / critic networks."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal


class QNet(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(obs_dim + act_dim, hidden), nn.LayerNorm(hidden), nn.ReLU6(),
            nn.Linear(hidden, hidden), nn.ReLU6(),
            nn.Linear(hidden, 1),
        )

    def forward(self, obs, act):
        return self.body(torch.cat([obs, act], -1)).squeeze(-1)


class SquashedGaussianActor(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Mish(), nn.Linear(hidden, hidden), nn.Mish())
        self.mu = nn.Linear(hidden, act_dim)
        self.log_std = nn.Linear(hidden, act_dim)

    def forward(self, obs, deterministic=False):
        h = self.body(obs)
        mu = self.mu(h)
        log_std = torch.clamp(self.log_std(h), -5.0, 2.0)
        dist = Normal(mu, log_std.exp())
        u = mu if deterministic else dist.rsample()
        a = torch.tanh(u)
        logp = dist.log_prob(u).sum(-1) - (2 * (torch.log(torch.tensor(2.0)) - u - F.softplus(-2 * u))).sum(-1)
        return a, logp
