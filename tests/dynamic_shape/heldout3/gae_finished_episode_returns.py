"""PPO rollout stats: GAE with done masks (static), then the returns of the episodes that finished, read with the done mask."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, gamma: float = 0.99, lam: float = 0.95) -> None:
        super().__init__()
        self.gamma, self.lam = gamma, lam

    def forward(self, rewards: torch.Tensor, values: torch.Tensor, dones: torch.Tensor, ep_returns: torch.Tensor):
        steps = rewards.shape[0]
        adv = torch.zeros_like(rewards)
        last = torch.zeros_like(rewards[0])
        for t in reversed(range(steps)):
            nonterminal = 1.0 - dones[t]
            delta = rewards[t] + self.gamma * values[t + 1] * nonterminal - values[t]
            last = delta + self.gamma * self.lam * nonterminal * last
            adv[t] = last
        finished = ep_returns[dones.bool()]  # expect: MS202 dynamic
        return adv, finished.mean()


def inputs():
    dones = (torch.rand(8, 3) < 0.2).float()
    return torch.randn(8, 3), torch.randn(9, 3), dones, torch.randn(8, 3)
