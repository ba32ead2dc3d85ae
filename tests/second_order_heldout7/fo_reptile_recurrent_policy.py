"""Reptile (Nichol et al. 2018) for a recurrent policy on procedurally varied bandit mazes.
Each task clones the policy, runs a few plain REINFORCE steps, and moves the meta-weights toward the
adapted ones: theta <- theta + eps * (phi - theta). Only first-order gradients are taken."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class LSTMPolicy(nn.Module):
    def __init__(self, obs_dim=6, hidden=64, n_actions=4):
        super().__init__()
        self.inp = nn.Linear(obs_dim, hidden)
        self.lstm = nn.LSTM(hidden, hidden, batch_first=True)
        self.logits = nn.Linear(hidden, n_actions)

    def forward(self, obs):
        out, _ = self.lstm(F.elu(self.inp(obs)))
        return self.logits(out)


def pg_loss(policy, obs, actions, returns):
    logp = F.log_softmax(policy(obs), dim=-1)
    chosen = torch.gather(logp, -1, actions.unsqueeze(-1)).squeeze(-1)
    return -(chosen * (returns - returns.mean())).mean()


def sample_task():
    goal = torch.randint(0, 4, ()).item()

    def rollouts(n=8, horizon=10):
        obs = torch.randn(n, horizon, 6)
        actions = torch.randint(0, 4, (n, horizon))
        returns = (actions == goal).float().flip(-1).cumsum(-1).flip(-1)
        return obs, actions, returns

    return rollouts


def reptile(meta_iters=1000, inner_steps=5, inner_lr=1e-2, meta_step=0.1):
    policy = LSTMPolicy()
    for it in range(meta_iters):
        task = sample_task()
        fast = copy.deepcopy(policy)
        opt = torch.optim.SGD(fast.parameters(), lr=inner_lr)
        for _ in range(inner_steps):
            loss = pg_loss(fast, *task())
            opt.zero_grad()
            loss.backward()
            opt.step()
        eps = meta_step * (1 - it / meta_iters)
        with torch.no_grad():
            for p, q in zip(policy.parameters(), fast.parameters()):
                p.add_(eps * (q - p))
    return policy


if __name__ == "__main__":
    reptile(meta_iters=2, inner_steps=1)
