"""PoWER-BERT-style progressive elimination: the number of word vectors kept follows the real sequence lengths."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, retention: float = 0.5) -> None:
        super().__init__()
        self.retention = retention
        self.score = nn.Linear(16, 1)

    def forward(self, hidden: torch.Tensor, attention_mask: torch.Tensor):
        significance = self.score(hidden).squeeze(-1).masked_fill(attention_mask == 0, -1e4)
        avg_len = attention_mask.sum(1).float().mean()
        num_keep = int(avg_len * self.retention)
        _, keep_idx = significance.topk(num_keep, dim=1)  # expect: MS203 dynamic
        keep_idx = keep_idx.sort(dim=1).values
        return torch.gather(hidden, 1, keep_idx[..., None].expand(-1, -1, hidden.size(-1)))


def inputs():
    mask = torch.zeros(2, 10, dtype=torch.long)
    mask[0, :6] = 1
    mask[1, :8] = 1
    return torch.randn(2, 10, 16), mask
