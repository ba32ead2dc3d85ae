"""BERT MLM head: gather fixed masked positions (static), then drop -100 labels by indexing."""
import torch
import torch.nn.functional as fn
from torch import nn


class Case(nn.Module):
    def __init__(self, hidden: int = 16, vocab: int = 50) -> None:
        super().__init__()
        self.decoder = nn.Linear(hidden, vocab)

    def forward(self, sequence_output, masked_positions, masked_labels):
        b, p = masked_positions.shape
        flat = sequence_output.reshape(-1, sequence_output.shape[-1])
        offsets = (torch.arange(b) * sequence_output.shape[1])[:, None]
        picked = flat[(masked_positions + offsets).view(-1)]
        logits = self.decoder(picked)
        labels = masked_labels.view(-1)
        valid = labels != -100
        return fn.cross_entropy(logits[valid], labels[valid])  # expect: MS202 dynamic


def inputs():
    labels = torch.randint(0, 50, (2, 4))
    labels[1, 3] = -100
    return torch.randn(2, 12, 16), torch.randint(0, 12, (2, 4)), labels
