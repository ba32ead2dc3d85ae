"""LLM serving: the KV cache is trimmed to the valid length read from the cache position tensor before attention."""
import torch
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    def forward(self, q: torch.Tensor, k_cache: torch.Tensor, v_cache: torch.Tensor, cache_pos: torch.Tensor):
        valid = cache_pos.max().item() + 1
        k = k_cache.narrow(2, 0, valid)  # expect: MS203 dynamic
        v = v_cache.narrow(2, 0, valid)  # expect: MS203 dynamic
        return F.scaled_dot_product_attention(q, k, v)


def inputs():
    return torch.randn(1, 2, 1, 8), torch.randn(1, 2, 16, 8), torch.randn(1, 2, 16, 8), torch.tensor([9])
