"""Negative: popularity-based negative sampling with a fixed num_samples, scored against the user with a gather-free matmul."""
import torch
from dataclasses import dataclass
from torch import nn


@dataclass
class SamplerConfig:
    num_items: int = 40
    dim: int = 8
    num_neg: int = 16
    alpha: float = 0.75


class Case(nn.Module):
    def __init__(self, cfg: SamplerConfig = SamplerConfig()) -> None:
        super().__init__()
        self.cfg = cfg
        self.items = nn.Embedding(cfg.num_items, cfg.dim)
        self.register_buffer("popularity", torch.arange(1, cfg.num_items + 1, dtype=torch.float))

    def forward(self, user: torch.Tensor, pos_items: torch.Tensor):
        probs = self.popularity.pow(self.cfg.alpha)
        neg = torch.multinomial(probs, num_samples=self.cfg.num_neg, replacement=True)
        pos_score = (user * self.items(pos_items)).sum(-1, keepdim=True)
        neg_score = user @ self.items(neg).t()
        return torch.cat([pos_score, neg_score], dim=1)


def inputs():
    return torch.randn(4, 8), torch.tensor([3, 7, 3, 12])
