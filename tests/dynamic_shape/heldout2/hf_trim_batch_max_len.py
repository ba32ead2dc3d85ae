"""HF-style trim_batch: cut padded hidden states to the longest sequence of the batch (max of the mask sums)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, hidden: torch.Tensor, attention_mask: torch.Tensor):
        seq_lens = attention_mask.sum(dim=-1)
        max_len = seq_lens.max().item()
        hidden = hidden[:, :max_len]  # expect: MS203 dynamic
        return self.proj(hidden)


def inputs():
    mask = torch.zeros(3, 12, dtype=torch.long)
    mask[0, :5] = 1
    mask[1, :9] = 1
    mask[2, :7] = 1
    return torch.randn(3, 12, 16), mask
