"""MAML for a 2-D point-reacher with a Gaussian policy trained by REINFORCE. Whether the inner adaptation
keeps its graph (full second-order MAML) or not (first-order MAML) is a field of the experiment config."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class MetaRLConfig:
    inner_lr: float = 0.1
    outer_lr: float = 1e-3
    horizon: int = 10
    n_rollouts: int = 8
    second_order: bool = False
    meta_batch: int = 4


class GaussianPolicy(nn.Module):
    def __init__(self, obs_dim=4, act_dim=2, hidden=64):
        super().__init__()
        self.fc1 = nn.Linear(obs_dim, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.mu = nn.Linear(hidden, act_dim)
        self.log_std = nn.Parameter(torch.zeros(act_dim))

    def forward(self, obs):
        h = F.elu(self.fc1(obs))
        h = F.elu(self.fc2(h))
        return self.mu(h), self.log_std.expand(obs.size(0), -1)


def rollout(policy, params, goal, cfg):
    obs_l, act_l, rew_l = [], [], []
    pos = torch.zeros(cfg.n_rollouts, 2)
    for _ in range(cfg.horizon):
        obs = torch.cat([pos, goal.expand_as(pos)], dim=-1)
        with torch.no_grad():
            mu, log_std = functional_call(policy, params, (obs,))
            act = mu + log_std.exp() * torch.randn_like(mu)
        pos = pos + 0.1 * act.clamp(-1, 1)
        obs_l.append(obs); act_l.append(act); rew_l.append(-(pos - goal).norm(dim=-1))
    returns = torch.stack(rew_l).flip(0).cumsum(0).flip(0)
    return torch.cat(obs_l), torch.cat(act_l), returns.reshape(-1)


def reinforce_loss(policy, params, obs, act, ret):
    mu, log_std = functional_call(policy, params, (obs,))
    logp = (-0.5 * ((act - mu) / log_std.exp()) ** 2 - log_std).sum(-1)
    adv = (ret - ret.mean()) / (ret.std() + 1e-6)
    return -(logp * adv).mean()


def adapt(policy, params, goal, cfg):
    obs, act, ret = rollout(policy, params, goal, cfg)
    loss = reinforce_loss(policy, params, obs, act, ret)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=cfg.second_order)
    return {k: v - cfg.inner_lr * g for (k, v), g in zip(params.items(), grads)}


def meta_train(cfg, iters=2):
    policy = GaussianPolicy()
    meta_opt = torch.optim.Adam(policy.parameters(), lr=cfg.outer_lr)
    for it in range(iters):
        params = dict(policy.named_parameters())
        meta_loss = 0.0
        for _ in range(cfg.meta_batch):
            goal = torch.rand(1, 2) * 2 - 1
            fast = adapt(policy, params, goal, cfg)
            obs, act, ret = rollout(policy, fast, goal, cfg)
            meta_loss = meta_loss + reinforce_loss(policy, fast, obs, act, ret)
        meta_opt.zero_grad()
        (meta_loss / cfg.meta_batch).backward()
        meta_opt.step()
        print(it, float(meta_loss))


if __name__ == "__main__":
    meta_train(MetaRLConfig(second_order=True, meta_batch=2, horizon=5))
