"""Negative: PPO loss on padded rollouts with a masked mean (multiply by mask, divide by mask.sum())."""
import torch
from torch import nn


def masked_mean(values, mask):
    return (values * mask).sum() / mask.sum().clamp(min=1.0)


class Case(nn.Module):
    def __init__(self, clip: float = 0.2) -> None:
        super().__init__()
        self.clip = clip

    def forward(self, new_logp, old_logp, adv, valid):
        mean = masked_mean(adv, valid)
        var = masked_mean((adv - mean) ** 2, valid)
        adv = (adv - mean) * torch.rsqrt(var + 1e-8)
        ratio = torch.exp(new_logp - old_logp)
        surr = torch.min(ratio * adv, torch.clamp(ratio, 1 - self.clip, 1 + self.clip) * adv)
        return -masked_mean(surr, valid)


def inputs():
    valid = torch.ones(4, 16)
    valid[1, 10:] = 0
    valid[3, 5:] = 0
    return torch.randn(4, 16), torch.randn(4, 16), torch.randn(4, 16), valid
