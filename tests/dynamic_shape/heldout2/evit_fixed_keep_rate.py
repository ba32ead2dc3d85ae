"""Negative: EViT token reorganisation: keep count from math.ceil(rate * N) on the static token count."""
import math

import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, keep_rate: float = 0.5) -> None:
        super().__init__()
        self.keep_rate = keep_rate
        self.qk = nn.Linear(16, 32)

    def forward(self, x: torch.Tensor):
        B, N, C = x.shape
        q, k = self.qk(x).chunk(2, -1)
        attn = (q @ k.transpose(-2, -1) / math.sqrt(C)).softmax(-1)
        cls_attn = attn[:, 0, 1:]
        left_tokens = math.ceil(self.keep_rate * (N - 1))
        _, idx = torch.topk(cls_attn, left_tokens, dim=1, largest=True, sorted=True)
        index = idx.unsqueeze(-1).expand(-1, -1, C)
        kept = torch.gather(x[:, 1:], dim=1, index=index)
        non_topk_attn = torch.ones_like(cls_attn).scatter_(1, idx, 0.0) * cls_attn
        fused = (x[:, 1:] * non_topk_attn.unsqueeze(-1)).sum(1, keepdim=True)
        return torch.cat([x[:, :1], kept, fused], dim=1)


def inputs():
    return (torch.randn(2, 17, 16),)
