"""MAML-RL (Finn et al. 2017) on a family of two-armed-bandit-in-a-maze tasks with a recurrent policy.

Inner loop: one REINFORCE step on the task's support rollouts, keeping the graph of the adapted weights.
Outer loop: the policy-gradient loss of the adapted policy on fresh query rollouts, averaged over tasks.
"""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class RecurrentPolicy(nn.Module):
    def __init__(self, obs_dim=6, hidden=64, n_actions=4):
        super().__init__()
        self.encoder = nn.Linear(obs_dim, hidden)
        self.core = nn.LSTM(hidden, hidden, batch_first=True)
        self.pi = nn.Linear(hidden, n_actions)

    def forward(self, obs):
        h, _ = self.core(torch.relu(self.encoder(obs)))
        return self.pi(h)


def log_prob(logits, actions):
    logp = F.log_softmax(logits, dim=-1)
    return logp.gather(-1, actions.unsqueeze(-1)).squeeze(-1)


def reinforce_loss(policy, params, batch):
    obs, actions, returns = batch
    logits = functional_call(policy, params, (obs,))
    adv = (returns - returns.mean()) / (returns.std() + 1e-8)
    return -(log_prob(logits, actions) * adv).mean()


def adapt(policy, params, support, inner_lr=0.1, first_order=False):
    loss = reinforce_loss(policy, params, support)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=not first_order)
    return OrderedDict((n, p - inner_lr * g) for (n, p), g in zip(params.items(), grads))


def rollout(task, n=8, horizon=10, obs_dim=6, n_actions=4):
    obs = torch.randn(n, horizon, obs_dim) + task
    actions = torch.randint(0, n_actions, (n, horizon))
    returns = (actions == int(task.abs().sum()) % n_actions).float().flip(-1).cumsum(-1).flip(-1)
    return obs, actions, returns


def meta_train(meta_iters=500, meta_batch=10):
    policy = RecurrentPolicy()
    meta_opt = torch.optim.Adam(policy.parameters(), lr=3e-4)
    for it in range(meta_iters):
        params = OrderedDict(policy.named_parameters())
        outer = 0.0
        for _ in range(meta_batch):
            task = torch.randn(1)
            fast = adapt(policy, params, rollout(task))
            outer = outer + reinforce_loss(policy, fast, rollout(task))
        meta_opt.zero_grad()
        (outer / meta_batch).backward()
        meta_opt.step()
    return policy


if __name__ == "__main__":
    meta_train(meta_iters=1, meta_batch=2)
