"""Negative: DQN n-step returns with done masks: a loop over the fixed n_step, discounts multiplied by (1 - done)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, n_step: int = 3, gamma: float = 0.99) -> None:
        super().__init__()
        self.n_step, self.gamma = n_step, gamma
        self.q = nn.Linear(4, 2)

    def forward(self, obs: torch.Tensor, rewards: torch.Tensor, dones: torch.Tensor):
        horizon = rewards.shape[0] - self.n_step
        ret = torch.zeros(horizon)
        alive = torch.ones(horizon)
        for k in range(self.n_step):
            ret = ret + alive * (self.gamma ** k) * rewards[k:k + horizon]
            alive = alive * (1.0 - dones[k:k + horizon])
        bootstrap = self.q(obs[self.n_step:self.n_step + horizon]).max(-1).values
        return ret + alive * (self.gamma ** self.n_step) * bootstrap


def inputs():
    return torch.randn(10, 4), torch.randn(10), (torch.rand(10) < 0.2).float()
