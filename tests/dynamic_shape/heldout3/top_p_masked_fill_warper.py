"""Negative: HF TopPLogitsWarper: sort, cumsum, remove mask scattered back, masked_fill with -inf, multinomial(1)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, top_p: float = 0.8, min_tokens_to_keep: int = 1) -> None:
        super().__init__()
        self.top_p, self.min_keep = top_p, min_tokens_to_keep

    def forward(self, scores: torch.Tensor):
        sorted_logits, sorted_indices = torch.sort(scores, descending=False)
        cumulative_probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        sorted_remove = cumulative_probs <= (1 - self.top_p)
        sorted_remove[..., -self.min_keep:] = 0
        remove = sorted_remove.scatter(1, sorted_indices, sorted_remove)
        scores = scores.masked_fill(remove, -float("Inf"))
        return torch.multinomial(scores.softmax(-1), num_samples=1)


def inputs():
    return (torch.randn(2, 50) * 3,)
