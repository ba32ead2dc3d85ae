"""Negative: sliding-window KV cache: the window comes from a dataclass config, .item() only feeds a stats dict never used for a shape."""
import torch
import torch.nn.functional as F
from dataclasses import dataclass
from torch import nn


@dataclass
class CacheConfig:
    window: int = 8
    log_stats: bool = True


class Case(nn.Module):
    def __init__(self, cfg: CacheConfig = CacheConfig()) -> None:
        super().__init__()
        self.cfg = cfg

    def forward(self, q: torch.Tensor, k_cache: torch.Tensor, v_cache: torch.Tensor, cache_pos: torch.Tensor):
        k = k_cache[:, :, -self.cfg.window:]
        v = v_cache[:, :, -self.cfg.window:]
        if self.cfg.log_stats:
            stats = {"cache_pos": cache_pos.max().item()}
            del stats
        return F.scaled_dot_product_attention(q, k, v)


def inputs():
    return torch.randn(1, 2, 1, 8), torch.randn(1, 2, 16, 8), torch.randn(1, 2, 16, 8), torch.tensor([9])
