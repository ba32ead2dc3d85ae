"""PPO update on padded rollouts: advantages and log-probs of valid (non-padding) steps picked by a bool mask."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, clip: float = 0.2) -> None:
        super().__init__()
        self.clip = clip

    def forward(self, new_logp, old_logp, adv, valid):
        flat_valid = valid.flatten().bool()
        b_adv = adv.flatten()[flat_valid]  # expect: MS202 dynamic
        b_adv = (b_adv - b_adv.mean()) / (b_adv.std() + 1e-8)
        ratio = (new_logp.flatten()[flat_valid] - old_logp.flatten()[flat_valid]).exp()  # expect: MS202 dynamic
        surr = torch.min(ratio * b_adv, ratio.clamp(1 - self.clip, 1 + self.clip) * b_adv)
        return -surr.mean()


def inputs():
    valid = torch.ones(4, 16)
    valid[1, 10:] = 0
    valid[3, 5:] = 0
    return torch.randn(4, 16), torch.randn(4, 16), torch.randn(4, 16), valid
