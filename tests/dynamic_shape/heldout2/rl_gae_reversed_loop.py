"""Negative: GAE over a fixed horizon: reversed(range(T)) with T from the shape, dones as (1 - done) factors."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, gamma: float = 0.99, lam: float = 0.95) -> None:
        super().__init__()
        self.gamma, self.lam = gamma, lam

    def forward(self, rewards, values, dones, last_value):
        T = rewards.shape[0]
        advantages = torch.zeros_like(rewards)
        last_gae = torch.zeros_like(last_value)
        for t in reversed(range(T)):
            next_value = last_value if t == T - 1 else values[t + 1]
            not_done = 1.0 - dones[t].float()
            delta = rewards[t] + self.gamma * next_value * not_done - values[t]
            last_gae = delta + self.gamma * self.lam * not_done * last_gae
            advantages[t] = last_gae
        return advantages, advantages + values


def inputs():
    return torch.randn(8, 4), torch.randn(8, 4), torch.rand(8, 4) > 0.8, torch.randn(4)
